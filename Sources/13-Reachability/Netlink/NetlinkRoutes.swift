extension BodyReader {
    /// `struct rtmsg` (12 bytes), then the destination, the gateway, the output interface (or the
    /// hops of a multipath route), the priority and the table. Nil for a family other than IPv4 and
    /// IPv6 (multicast routing, MPLS, bridges).
    func route() -> Result<RouteInfo?, NetlinkSkip.Reason> {
        fixedPart(12).flatMap { attributes(from: start + 12, to: end) }.flatMap { attributes in
            guard let family = addressFamily(bytes[start]) else { return .success(nil) }
            var route = RouteInfo(
                family: family, destinationLength: bytes[start + 1], table: UInt32(bytes[start + 4]),
                type: bytes[start + 7], outputInterfaces: [])
            for attribute in attributes {
                let bad = NetlinkSkip.Reason.badValue(attribute: attribute.type, length: attribute.value.count)
                switch attribute.type {
                case Netlink.RouteAttribute.destination, Netlink.RouteAttribute.gateway:
                    guard let address = ipAddress(attribute, family: family) else { return .failure(bad) }
                    if attribute.type == Netlink.RouteAttribute.gateway {
                        route.gateway = address
                    } else {
                        route.destination = address
                    }
                case Netlink.RouteAttribute.outputInterface, Netlink.RouteAttribute.priority,
                    Netlink.RouteAttribute.table:
                    guard let value = number(attribute) else { return .failure(bad) }
                    if attribute.type == Netlink.RouteAttribute.outputInterface {
                        route.outputInterfaces = [Int32(bitPattern: value)]
                    } else if attribute.type == Netlink.RouteAttribute.priority {
                        route.priority = value
                    } else {
                        route.table = value
                    }
                case Netlink.RouteAttribute.multipath:
                    switch hops(attribute.value, family: family) {
                    case .success(let hops):
                        route.outputInterfaces = hops.map(\.interface)
                        route.gateway = route.gateway ?? hops.lazy.compactMap(\.gateway).first
                    case .failure(let reason): return .failure(reason)
                    }
                default: continue
                }
            }
            return .success(route)
        }
    }

    /// `RTA_MULTIPATH`: one `struct rtnexthop` (8 bytes: its length, flags, hops, interface) per
    /// hop, each followed by its own attributes (its gateway).
    func hops(_ range: Range<Int>, family: IPAddress.Family)
        -> Result<[(interface: Int32, gateway: IPAddress?)], NetlinkSkip.Reason>
    {
        var hops: [(interface: Int32, gateway: IPAddress?)] = []
        var offset = range.lowerBound
        while range.upperBound - offset >= 8 {
            let length = Int(bytes.load(UInt16.self, at: offset))
            guard length >= 8, length <= range.upperBound - offset else {
                return .failure(.attributeLengthLies(type: Netlink.RouteAttribute.multipath))
            }
            var gateway: IPAddress?
            switch attributes(from: offset + 8, to: offset + length) {
            case .success(let nested):
                for attribute in nested where attribute.type == Netlink.RouteAttribute.gateway {
                    guard let address = ipAddress(attribute, family: family) else {
                        return .failure(.badValue(attribute: attribute.type, length: attribute.value.count))
                    }
                    gateway = address
                }
            case .failure(let reason): return .failure(reason)
            }
            hops.append((bytes.load(Int32.self, at: offset + 4), gateway))
            offset += Netlink.aligned(length)
        }
        return .success(hops)
    }
}
