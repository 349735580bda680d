import Foundation
import Reachability
import Testing

/// Wi-Fi, wired, cellular, loopback, software links: what netlink says, what sysfs adds, and what
/// is left unknown rather than guessed.
@Suite("Interface kinds")
struct InterfaceKindTests {
    /// A sysfs of its own: one folder per interface, with `ifindex`, `uevent` and `wireless/` as asked.
    func sysfs(_ interfaces: [(name: String, index: Int32, devtype: String?, wireless: Bool)]) throws -> InterfaceKinds
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        for interface in interfaces {
            let folder = root.appendingPathComponent(interface.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "\(interface.index)\n".write(
                to: folder.appendingPathComponent("ifindex"), atomically: true, encoding: .utf8)
            let uevent =
                "INTERFACE=\(interface.name)\nIFINDEX=\(interface.index)\n"
                + (interface.devtype.map { "DEVTYPE=\($0)\n" } ?? "")
            try uevent.write(to: folder.appendingPathComponent("uevent"), atomically: true, encoding: .utf8)
            if interface.wireless {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("wireless"), withIntermediateDirectories: true)
            }
        }
        return InterfaceKinds(sysfsRoot: root.path)
    }

    func link(_ index: Int32, _ name: String, flags: UInt32 = 0x41, type: UInt16 = 1, kind: String? = nil) -> LinkInfo {
        LinkInfo(index: index, flags: flags, hardwareType: type, name: name, kind: kind)
    }

    @Test("sysfs tells Wi-Fi (a wireless folder, or DEVTYPE=wlan), cellular (DEVTYPE=wwan) and wired")
    func fromSysfs() throws {
        let kinds = try sysfs([
            ("wlp2s0", 2, nil, true), ("wlan1", 3, "wlan", false), ("wwan0", 4, "wwan", false), ("eth0", 5, nil, false),
        ])
        #expect(kinds.kind(of: link(2, "wlp2s0")) == .wifi)
        #expect(kinds.kind(of: link(3, "wlan1")) == .wifi)
        #expect(kinds.kind(of: link(4, "wwan0", type: 519)) == .cellular)
        #expect(kinds.kind(of: link(5, "eth0")) == .wired)
    }

    @Test("A cellular link's route carries the WWAN flag")
    func cellularFlag() throws {
        let kinds = try sysfs([("wwan0", 4, "wwan", false)])
        var state = KernelNetworkState()
        state.apply(.link(link(4, "wwan0", type: 519), deleted: false))
        state.apply(
            .address(AddressInfo(index: 4, address: IPAddress("100.64.0.2")!, prefixLength: 30), deleted: false))
        state.apply(.route(RouteInfo(family: .ipv4, outputInterfaces: [4]), deleted: false))
        let snapshot = state.snapshot(for: .internet, kinds: kinds)
        #expect(snapshot.flags == [.reachable, .isDirect, .isWWAN])
        #expect(NetworkReachabilityStatus(flags: snapshot.flags, platform: .other) == .reachableViaWiFi)
    }

    @Test("Loopback and software links from netlink alone")
    func fromNetlink() {
        let kinds = InterfaceKinds(sysfsRoot: nil)
        #expect(kinds.kind(of: link(1, "lo", flags: 0x49, type: 772)) == .loopback)
        #expect(kinds.kind(of: link(6, "wg0", type: 65534, kind: "wireguard")) == .virtual("wireguard"))
    }

    @Test(
        "Unknown, not guessed: no sysfs, another namespace's entry (its index differs), a name that walks the file system"
    )
    func unknown() throws {
        let kinds = try sysfs([("eth0", 9, nil, false), ("wlan0", 2, nil, true)])
        #expect(InterfaceKinds(sysfsRoot: nil).kind(of: link(2, "eth0")) == .unknown)
        #expect(kinds.kind(of: link(2, "eth0")) == .unknown, "eth0 in sysfs is index 9, another interface")
        #expect(kinds.kind(of: link(2, "../eth0")) == .unknown)
        #expect(kinds.kind(of: link(2, "..")) == .unknown)
        #expect(kinds.kind(of: link(3, "ppp0", type: 512)) == .unknown)
    }
}
