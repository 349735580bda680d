extension KernelNetworkState {
    /// The flags and the interface for `target`, as SCNetworkReachability would report them,
    /// from the kernel's tables: reachable when a route leads to the target through a link that
    /// carries traffic and has an address to send from. Only the `main` table is read; policy
    /// routing (`ip rule`, other tables) is not.
    public func snapshot(for target: ReachabilityTarget, kinds: InterfaceKinds = InterfaceKinds())
        -> ReachabilitySnapshot
    {
        switch target {
        case .internet:
            return defaultRouteSnapshot(kinds: kinds)
        case .address(let address):
            if let own = addresses.first(where: { $0.address == address }),
                let link = links[own.index], link.flags & LinkInfo.up != 0
            {
                return ReachabilitySnapshot(
                    flags: [.reachable, .isLocalAddress, .isDirect], interface: interface(link, kinds))
            }
            guard let route = bestRoute(to: address), route.type == RouteInfo.unicast else {
                return ReachabilitySnapshot(flags: [])
            }
            return snapshot(through: route, kinds: kinds)
        }
    }

    // listing: default-route-snapshot
    /// The device's way out: a default route of the `main` table through a link that carries
    /// traffic and has an address of the route's family to send from. Of several, the lowest
    /// metric wins, then IPv4, then the lowest interface index.
    func defaultRouteSnapshot(kinds: InterfaceKinds) -> ReachabilitySnapshot {
        let defaults = routes.filter { $0.isDefault && $0.table == RouteInfo.mainTable && $0.type == RouteInfo.unicast }
        let ordered = defaults.sorted {
            ($0.priority, $0.family == .ipv4 ? 0 : 1, $0.outputInterfaces.first ?? 0)
                < ($1.priority, $1.family == .ipv4 ? 0 : 1, $1.outputInterfaces.first ?? 0)
        }
        for route in ordered {
            let found = snapshot(through: route, kinds: kinds)
            if found.flags.contains(.reachable) { return found }
        }
        return ReachabilitySnapshot(flags: [])
    }
    // end-listing

    // listing: route-snapshot
    /// Reachable through `route` when one of its hops is a link that carries traffic and has a
    /// usable address of the route's family; direct when no router is on the way.
    func snapshot(through route: RouteInfo, kinds: InterfaceKinds) -> ReachabilitySnapshot {
        for index in route.outputInterfaces {
            guard let link = links[index], link.carriesTraffic,
                addresses.contains(where: { $0.index == index && $0.address.family == route.family && $0.isUsable })
            else { continue }
            let interface = interface(link, kinds)
            var flags: ReachabilityFlags = [.reachable]
            if route.gateway == nil { flags.insert(.isDirect) }
            if interface.kind == .cellular { flags.insert(.isWWAN) }
            return ReachabilitySnapshot(flags: flags, interface: interface)
        }
        return ReachabilitySnapshot(flags: [])
    }
    // end-listing

    /// The route the kernel would pick for `address` from the `main` table: the longest prefix that
    /// holds it, then the lowest metric. (It may be a blackhole or an unreachable route.)
    func bestRoute(to address: IPAddress) -> RouteInfo? {
        let matching = routes.filter { route in
            route.table == RouteInfo.mainTable && route.family == address.family
                && (route.destinationLength == 0
                    || route.destination.map { address.isInside($0, prefixLength: Int(route.destinationLength)) }
                        == true)
        }
        return matching.min {
            ($0.destinationLength, $1.priority, $1.outputInterfaces.first ?? 0)
                > ($1.destinationLength, $0.priority, $0.outputInterfaces.first ?? 0)
        }
    }

    func interface(_ link: LinkInfo, _ kinds: InterfaceKinds) -> NetworkInterface {
        NetworkInterface(name: link.name ?? "if\(link.index)", index: link.index, kind: kinds.kind(of: link))
    }
}
