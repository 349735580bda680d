import Reachability

/// How a request ended, as an app's networking layer reports it.
public enum Outcome: Equatable, Sendable {
    case success
    /// A URL loading error: `URLError.Code`'s raw value (-1009 not connected, -1005 connection
    /// lost, -1001 timed out…), or an HTTP failure the app reports as its own code.
    case failure(code: Int)
}

/// An app's outbox: every request is sent at once, whatever reachability says, and one that fails
/// for want of a network is sent again when the network is back. Everything runs on one queue
/// (the main queue, in an app): `send`'s completion, `submit` and `reachabilityChanged`.
public final class Outbox {
    public typealias Send = (_ request: String, _ completion: @escaping (Outcome) -> Void) -> Void

    private let send: Send
    /// The requests that failed for want of a network, in the order they failed.
    public private(set) var waiting: [String] = []
    private var status = NetworkReachabilityStatus.unknown

    public init(send: @escaping Send) {
        self.send = send
    }

    /// The errors that mean the network was not there (or went away), not that the server said no.
    public static func isForWantOfANetwork(_ code: Int) -> Bool {
        [-1009, -1005, -1004, -1003, -1006, -1018, -1020].contains(code)
    }

    /// Sends `request` now.
    public func submit(_ request: String) {
        send(request) { [self] outcome in
            // TODO(13.3): a request can be lost here. Find a sequence of deliveries and outcomes that
            // leaves it waiting for a change that already came, then fix it.
            if case .failure(let code) = outcome, Self.isForWantOfANetwork(code) { waiting.append(request) }
        }
    }

    /// Called with every status the reachability manager delivers (its block, on its queue).
    public func reachabilityChanged(_ status: NetworkReachabilityStatus) {
        self.status = status
        guard status.isReachable else { return }
        let again = waiting
        waiting = []
        for request in again { submit(request) }
    }
}
