import Foundation

/// Tells Wi-Fi from wired from cellular on Linux, as far as Linux can: netlink says only whether a
/// link was made in software (and of what kind) and its hardware type, which is Ethernet's for
/// Wi-Fi too. The rest is in sysfs, `/sys/class/net/<name>/`: a `wireless` folder (or `phy80211`)
/// for Wi-Fi, `DEVTYPE=wlan` or `DEVTYPE=wwan` in `uevent`.
///
/// sysfs shows the interfaces of the network namespace it was mounted in, which need not be the
/// socket's: an entry is believed only when its `ifindex` is the link's. Where sysfs cannot say,
/// the kind is `.unknown`, not a guess.
public struct InterfaceKinds: Sendable, Hashable {
    /// Where the interfaces' folders are; nil reads nothing.
    public var sysfsRoot: String?

    public init(sysfsRoot: String? = "/sys/class/net") {
        self.sysfsRoot = sysfsRoot
    }

    static let loopbackHardware: UInt16 = 772
    static let ethernetHardware: UInt16 = 1

    // listing: interface-kind
    /// The kind of `link`: loopback and software links from netlink alone; Wi-Fi and cellular from
    /// sysfs; wired for an Ethernet-type link that sysfs vouches for and says nothing more about.
    public func kind(of link: LinkInfo) -> InterfaceKind {
        if link.flags & LinkInfo.loopback != 0 || link.hardwareType == Self.loopbackHardware { return .loopback }
        if let kind = link.kind, !kind.isEmpty { return .virtual(kind) }
        guard let folder = sysfsFolder(of: link) else { return .unknown }
        let deviceType = uevent(in: folder)["DEVTYPE"]
        if exists(folder + "/wireless") || exists(folder + "/phy80211") || deviceType == "wlan" { return .wifi }
        if deviceType == "wwan" { return .cellular }
        return link.hardwareType == Self.ethernetHardware ? .wired : .unknown
    }
    // end-listing

    /// The link's folder, if there is one and it is this link's: a kernel name never holds `/`,
    /// but a message that says so is not trusted to walk the file system.
    func sysfsFolder(of link: LinkInfo) -> String? {
        guard let root = sysfsRoot, let name = link.name, !name.isEmpty, name != ".", name != "..",
            !name.contains("/")
        else { return nil }
        let folder = root + "/" + name
        guard let index = try? String(contentsOfFile: folder + "/ifindex", encoding: .utf8),
            Int32(index.trimmingCharacters(in: .whitespacesAndNewlines)) == link.index
        else { return nil }
        return folder
    }

    func uevent(in folder: String) -> [String: String] {
        let text = (try? String(contentsOfFile: folder + "/uevent", encoding: .utf8)) ?? ""
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }
}
