/// What the kernel has told a reachability source so far: its links, their addresses, and the
/// routes. It changes only through `apply(_:)`, one message at a time, and through the dumps that
/// replace a whole table; the reachability of any target is read from it (`snapshot(for:kinds:)`).
public struct KernelNetworkState: Sendable, Hashable {
    public var links: [Int32: LinkInfo] = [:]
    public var addresses: Set<AddressInfo> = []
    public var routes: Set<RouteInfo> = []

    public init(links: [Int32: LinkInfo] = [:], addresses: Set<AddressInfo> = [], routes: Set<RouteInfo> = []) {
        self.links = links
        self.addresses = addresses
        self.routes = routes
    }

    // listing: apply-kernel-news
    /// Applies one message of the kernel's news. A link's message says everything about it; an
    /// address is named by its link, address and prefix; a route by all of its fields. A link that
    /// goes away takes its addresses and routes with it.
    public mutating func apply(_ body: NetlinkBody) {
        switch body {
        case .link(let link, deleted: false):
            links[link.index] = link
        case .link(let link, deleted: true):
            links[link.index] = nil
            addresses = addresses.filter { $0.index != link.index }
            routes = routes.filter { !$0.outputInterfaces.contains(link.index) }
        case .address(let address, let deleted):
            addresses = addresses.filter { !$0.isSameAddress(as: address) }
            if !deleted { addresses.insert(address) }
        case .route(let route, deleted: false):
            routes.insert(route)
        case .route(let route, deleted: true):
            routes.remove(route)
        case .done, .error, .other:
            break
        }
    }
    // end-listing
}

extension AddressInfo {
    /// The same address of the same link: a new message about it replaces the old one (its flags
    /// change when IPv6 finishes checking it for duplicates).
    func isSameAddress(as other: AddressInfo) -> Bool {
        index == other.index && address == other.address && prefixLength == other.prefixLength
    }
}
