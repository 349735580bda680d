import Reachability

/// What you expect after one command of exercise 13.1 (see this chapter's README.md): the status
/// the manager has then, whether its block was called for the command (the Linux source reports
/// only changes), and, when it is not reachable, the first thing missing, in the order of
/// `Missing`'s cases.
public struct Prediction: Equatable, Sendable, CustomStringConvertible {
    public var status: NetworkReachabilityStatus
    public var blockCalled: Bool
    public var missing: Missing?

    public init(_ status: NetworkReachabilityStatus, blockCalled: Bool, missing: Missing? = nil) {
        self.status = status
        self.blockCalled = blockCalled
        self.missing = missing
    }

    public var description: String {
        "\(status), block \(blockCalled ? "called" : "not called")" + (missing.map { ", missing \($0)" } ?? "")
    }
}

/// What a way out needs, in the order to check it.
public enum Missing: Equatable, Sendable {
    /// There is no link `v0`, or it is not up.
    case linkUp
    /// `v0` is up but has no carrier.
    case carrier
    /// `v0` has no address to send from.
    case address
    /// No default route leads out through `v0` for a family `v0` has an address of.
    case defaultRoute
}

/// Your predictions, one per command of the README's table, in order. Work each out from
/// chapter 13's steps 5 and 6 first, then write it here; `swift run workshop check 13.1` says which
/// are wrong, never what they should be.
public enum Predictions {
    public static let afterEachCommand: [Prediction] = [
        // 1. A new link is down.
        Prediction(.notReachable, blockCalled: false, missing: .linkUp),
        // 2. Up, but its peer is down: no carrier.
        Prediction(.notReachable, blockCalled: false, missing: .carrier),
        // 3. The carrier is checked before the address.
        Prediction(.notReachable, blockCalled: false, missing: .carrier),
        // 4. A route through a link without a carrier leads nowhere.
        Prediction(.notReachable, blockCalled: false, missing: .carrier),
        // 5. The peer comes up: a carrier, an address, a default route.
        Prediction(.reachableViaWiFi, blockCalled: true),
        // 6. Down.
        Prediction(.notReachable, blockCalled: true, missing: .linkUp),
        // 7. Up again, but the kernel flushed the IPv4 default route when the link went down.
        Prediction(.notReachable, blockCalled: false, missing: .defaultRoute),
        // 8. The route again.
        Prediction(.reachableViaWiFi, blockCalled: true),
        // 9. One more address changes nothing that shows.
        Prediction(.reachableViaWiFi, blockCalled: false),
        // 10. The IPv4 address takes the IPv4 default route with it; IPv6 has an address and no route.
        Prediction(.notReachable, blockCalled: true, missing: .defaultRoute),
    ]
}
