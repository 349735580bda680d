import Reachability
import Testing

/// The kernel's tables as a source holds them, and the reachability read from them: a link that
/// carries traffic, an address to send from, and a route.
@Suite("The kernel's tables")
struct KernelStateTests {
    static let up: UInt32 = 0x1 | 0x40
    static let v0 = LinkInfo(index: 3, flags: up, name: "v0", kind: "veth")
    static let v4 = AddressInfo(index: 3, address: IPAddress("10.13.0.2")!, prefixLength: 24)
    static let v6 = AddressInfo(index: 3, address: IPAddress("2001:db8::2")!, prefixLength: 64)
    static let defaultV4 = RouteInfo(family: .ipv4, gateway: IPAddress("10.13.0.1")!, outputInterfaces: [3])
    static let defaultV6 = RouteInfo(family: .ipv6, gateway: IPAddress("2001:db8::1")!, outputInterfaces: [3])

    /// A state made by applying `bodies` in order.
    func state(_ bodies: NetlinkBody...) -> KernelNetworkState {
        var state = KernelNetworkState()
        for body in bodies { state.apply(body) }
        return state
    }

    func flags(_ state: KernelNetworkState, _ target: ReachabilityTarget = .internet) -> ReachabilityFlags {
        state.snapshot(for: target, kinds: InterfaceKinds(sysfsRoot: nil)).flags
    }

    @Test("A link that carries traffic, an address and a default route: reachable, through that link")
    func reachable() {
        let state = state(
            .link(Self.v0, deleted: false), .address(Self.v4, deleted: false), .route(Self.defaultV4, deleted: false))
        let snapshot = state.snapshot(for: .internet, kinds: InterfaceKinds(sysfsRoot: nil))
        #expect(
            snapshot
                == ReachabilitySnapshot(
                    flags: [.reachable], interface: NetworkInterface(name: "v0", index: 3, kind: .virtual("veth"))))
    }

    @Test("Take away any one of the three, and it is not reachable")
    func eachOneNeeded() {
        #expect(
            flags(state(.address(Self.v4, deleted: false), .route(Self.defaultV4, deleted: false))) == [], "no link")
        #expect(
            flags(state(.link(Self.v0, deleted: false), .route(Self.defaultV4, deleted: false))) == [], "no address")
        #expect(flags(state(.link(Self.v0, deleted: false), .address(Self.v4, deleted: false))) == [], "no route")
    }

    @Test("A link up without a carrier, or down with one, carries nothing; neither does the loopback")
    func linkStates() {
        for flags: UInt32 in [0x1, 0x40, 0x1 | 0x40 | 0x8] {
            var link = Self.v0
            link.flags = flags
            let state = state(
                .link(link, deleted: false), .address(Self.v4, deleted: false), .route(Self.defaultV4, deleted: false))
            #expect(self.flags(state) == [], "link flags \(flags)")
        }
    }

    @Test("The address must be of the route's family, reach beyond the link, and be done with its duplicate check")
    func usableAddress() {
        var tentative = Self.v6
        tentative.flags = 0x40
        var linkLocal = AddressInfo(index: 3, address: IPAddress("fe80::2")!, prefixLength: 64, scope: 253)
        #expect(
            flags(
                state(
                    .link(Self.v0, deleted: false), .address(Self.v6, deleted: false),
                    .route(Self.defaultV4, deleted: false))) == [])
        #expect(
            flags(
                state(
                    .link(Self.v0, deleted: false), .address(tentative, deleted: false),
                    .route(Self.defaultV6, deleted: false))) == [])
        #expect(
            flags(
                state(
                    .link(Self.v0, deleted: false), .address(linkLocal, deleted: false),
                    .route(Self.defaultV6, deleted: false))) == [])
        linkLocal.scope = 0
        #expect(
            flags(
                state(
                    .link(Self.v0, deleted: false), .address(Self.v6, deleted: false),
                    .route(Self.defaultV6, deleted: false))) == [.reachable])
        tentative.flags = 0
        #expect(
            flags(
                state(
                    .link(Self.v0, deleted: false), .address(tentative, deleted: false),
                    .route(Self.defaultV6, deleted: false))) == [.reachable],
            "the same address once its check is done (a new message replaces the old)")
    }

    @Test("Only a unicast default route of the main table counts; without a gateway it is direct")
    func whichDefault() {
        var otherTable = Self.defaultV4
        otherTable.table = 100
        var blackhole = Self.defaultV4
        blackhole.type = 6
        var direct = Self.defaultV4
        direct.gateway = nil
        let base: [NetlinkBody] = [.link(Self.v0, deleted: false), .address(Self.v4, deleted: false)]
        func flags(with route: RouteInfo) -> ReachabilityFlags {
            var state = KernelNetworkState()
            for body in base + [.route(route, deleted: false)] { state.apply(body) }
            return self.flags(state)
        }
        #expect(flags(with: otherTable) == [])
        #expect(flags(with: blackhole) == [])
        #expect(flags(with: direct) == [.reachable, .isDirect])
    }

    @Test("Of two default routes, the lower metric's link is the one reported")
    func metric() {
        let v1 = LinkInfo(index: 4, flags: Self.up, name: "v1", kind: "veth")
        let v1Address = AddressInfo(index: 4, address: IPAddress("10.14.0.2")!, prefixLength: 24)
        var viaV0 = Self.defaultV4
        viaV0.priority = 200
        let viaV1 = RouteInfo(family: .ipv4, gateway: IPAddress("10.14.0.1")!, outputInterfaces: [4], priority: 100)
        let state = state(
            .link(Self.v0, deleted: false), .link(v1, deleted: false), .address(Self.v4, deleted: false),
            .address(v1Address, deleted: false),
            .route(viaV0, deleted: false), .route(viaV1, deleted: false))
        #expect(state.snapshot(for: .internet, kinds: InterfaceKinds(sysfsRoot: nil)).interface?.name == "v1")
    }

    @Test("A link that goes away takes its addresses and routes; a route goes by its own deletion")
    func deletions() {
        var state = state(
            .link(Self.v0, deleted: false), .address(Self.v4, deleted: false), .route(Self.defaultV4, deleted: false))
        state.apply(.route(Self.defaultV4, deleted: true))
        #expect(state.routes.isEmpty)
        state.apply(.route(Self.defaultV4, deleted: false))
        state.apply(.link(Self.v0, deleted: true))
        #expect(state == KernelNetworkState())
    }

    @Test(
        "A host: its own address is local and direct; else the longest route that holds it decides, a blackhole included"
    )
    func host() {
        let target = ReachabilityTarget.address(IPAddress("198.51.100.7")!)
        let net = RouteInfo(
            family: .ipv4, destinationLength: 24, destination: IPAddress("198.51.100.0")!,
            gateway: IPAddress("10.13.0.1")!, outputInterfaces: [3])
        let blackhole = RouteInfo(
            family: .ipv4, destinationLength: 32, destination: IPAddress("198.51.100.7")!, type: 6, outputInterfaces: []
        )
        let onLink = RouteInfo(
            family: .ipv4, destinationLength: 24, destination: IPAddress("10.13.0.0")!, outputInterfaces: [3])
        let base = state(
            .link(Self.v0, deleted: false), .address(Self.v4, deleted: false), .route(onLink, deleted: false))
        #expect(flags(base, target) == [], "no route holds it")
        var withNet = base
        withNet.apply(.route(net, deleted: false))
        #expect(flags(withNet, target) == [.reachable])
        withNet.apply(.route(blackhole, deleted: false))
        #expect(flags(withNet, target) == [], "the /32 blackhole is longer than the /24")
        #expect(flags(base, .address(IPAddress("10.13.0.9")!)) == [.reachable, .isDirect])
        #expect(flags(base, .address(IPAddress("10.13.0.2")!)) == [.reachable, .isLocalAddress, .isDirect])
    }

    @Test("Addresses parse, print and hold their prefixes")
    func addresses() {
        #expect(IPAddress("10.13.0.2")?.description == "10.13.0.2")
        #expect(IPAddress("2001:0db8:0::7")?.description == "2001:db8::7")
        #expect(IPAddress("example.com") == nil && IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress("198.51.100.7")!.isInside(IPAddress("198.51.100.0")!, prefixLength: 24))
        #expect(!IPAddress("198.51.101.7")!.isInside(IPAddress("198.51.100.0")!, prefixLength: 24))
        #expect(!IPAddress("2001:db8::7")!.isInside(IPAddress("198.51.100.0")!, prefixLength: 0), "families differ")
    }
}
