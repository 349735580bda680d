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
    // TODO(13.1): ten predictions, one per command, in the README's order.
    public static let afterEachCommand: [Prediction] = []
}
