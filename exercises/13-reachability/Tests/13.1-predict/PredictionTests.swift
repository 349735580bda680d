import Chapter13Exercise1
import Reachability
import Testing

/// The commands of the README, each with the kernel's tables after it as `ip` would show them
/// (the chapter's namespace tests watch the real kernel do the same: a link taken down, or an
/// IPv4 address taken away, loses the IPv4 routes through it, with no route deletion announced).
/// The status is read from those tables by the course's `KernelNetworkState`.
@Suite("13.1 Predict the statuses")
struct PredictionTests {
    static let up: UInt32 = 0x1
    static let carrier: UInt32 = 0x40
    static let v4 = AddressInfo(index: 3, address: IPAddress("10.13.0.2")!, prefixLength: 24)
    static let v6 = AddressInfo(index: 3, address: IPAddress("2001:db8:13::2")!, prefixLength: 64)
    static let defaultV4 = RouteInfo(family: .ipv4, gateway: IPAddress("10.13.0.1")!, outputInterfaces: [3])
    static let onLinkV4 = RouteInfo(family: .ipv4, destinationLength: 24, destination: IPAddress("10.13.0.0")!, outputInterfaces: [3])
    static let onLinkV6 = RouteInfo(family: .ipv6, destinationLength: 64, destination: IPAddress("2001:db8:13::")!, outputInterfaces: [3])

    /// `v0`'s flags, addresses and routes after each command (`v1`, its peer, gives it its carrier).
    static let kernelAfter: [(flags: UInt32?, addresses: [AddressInfo], routes: [RouteInfo])] = [
        (0, [], []),
        (up, [], []),
        (up, [v4], [onLinkV4]),
        (up, [v4], [onLinkV4, defaultV4]),
        (up | carrier, [v4], [onLinkV4, defaultV4]),
        (0, [v4], []),
        (up | carrier, [v4], [onLinkV4]),
        (up | carrier, [v4], [onLinkV4, defaultV4]),
        (up | carrier, [v4, v6], [onLinkV4, defaultV4, onLinkV6]),
        (up | carrier, [v6], [onLinkV6]),
    ]

    static func state(after index: Int) -> KernelNetworkState {
        let kernel = kernelAfter[index]
        var state = KernelNetworkState()
        if let flags = kernel.flags { state.apply(.link(LinkInfo(index: 3, flags: flags, name: "v0", kind: "veth"), deleted: false)) }
        for address in kernel.addresses { state.apply(.address(address, deleted: false)) }
        for route in kernel.routes { state.apply(.route(route, deleted: false)) }
        return state
    }

    static func status(after index: Int) -> NetworkReachabilityStatus {
        index < 0 ? .notReachable : NetworkReachabilityStatus(flags: state(after: index).snapshot(for: .internet, kinds: InterfaceKinds(sysfsRoot: nil)).flags)
    }

    /// The first thing missing, in `Missing`'s order, read from the tables.
    static func missing(after index: Int) -> Missing? {
        let state = state(after: index)
        guard let link = state.links[3], link.flags & up != 0 else { return .linkUp }
        guard link.flags & carrier != 0 else { return .carrier }
        let families = Set(state.addresses.filter(\.isUsable).map(\.address.family))
        guard !families.isEmpty else { return .address }
        let routed = state.routes.contains { $0.isDefault && families.contains($0.family) && $0.outputInterfaces == [3] }
        return routed ? nil : .defaultRoute
    }

    func check(_ step: Int) {
        let predictions = Predictions.afterEachCommand
        guard predictions.count == 10 else {
            Issue.record("write ten predictions, one per command; there are \(predictions.count)")
            return
        }
        let index = step - 1
        let expected = Prediction(
            Self.status(after: index), blockCalled: Self.status(after: index) != Self.status(after: index - 1),
            missing: Self.missing(after: index))
        #expect((expected.missing == nil) == (expected.status != .notReachable), "the tests' own tables disagree at step \(step)")
        let prediction = predictions[index]
        #expect(prediction.status == expected.status, "command \(step): the status is not \(prediction.status)")
        #expect(prediction.blockCalled == expected.blockCalled, "command \(step): \"block called: \(prediction.blockCalled)\" is wrong")
        #expect(prediction.missing == expected.missing, "command \(step): \(prediction.missing.map { "\($0)" } ?? "nothing") is not what is missing first")
    }

    @Test("1: ip link add v0 type veth peer name v1") func command1() { check(1) }
    @Test("2: ip link set v0 up") func command2() { check(2) }
    @Test("3: ip address add 10.13.0.2/24 dev v0") func command3() { check(3) }
    @Test("4: ip route add default via 10.13.0.1 dev v0") func command4() { check(4) }
    @Test("5: ip link set v1 up") func command5() { check(5) }
    @Test("6: ip link set v0 down") func command6() { check(6) }
    @Test("7: ip link set v0 up") func command7() { check(7) }
    @Test("8: ip route add default via 10.13.0.1 dev v0") func command8() { check(8) }
    @Test("9: ip -6 address add 2001:db8:13::2/64 dev v0 nodad") func command9() { check(9) }
    @Test("10: ip address del 10.13.0.2/24 dev v0") func command10() { check(10) }
}
