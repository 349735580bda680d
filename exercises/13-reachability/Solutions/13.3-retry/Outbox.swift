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
    /// How many times the network has come back (a reachable status after one that was not).
    private var returns = 0

    public init(send: @escaping Send) {
        self.send = send
    }

    /// The errors that mean the network was not there (or went away), not that the server said no.
    public static func isForWantOfANetwork(_ code: Int) -> Bool {
        [-1009, -1005, -1004, -1003, -1006, -1018, -1020].contains(code)
    }

    /// Sends `request` now.
    public func submit(_ request: String) {
        let returnsWhenSent = returns
        send(request) { [self] outcome in
            guard case .failure(let code) = outcome, Self.isForWantOfANetwork(code) else { return }
            // The network came back while the request was out: the change it would wait for has
            // already come, so it goes again now. Otherwise it waits for the next one.
            if returns != returnsWhenSent {
                submit(request)
            } else {
                waiting.append(request)
            }
        }
    }

    /// Called with every status the reachability manager delivers (its block, on its queue).
    public func reachabilityChanged(_ status: NetworkReachabilityStatus) {
        let cameBack = status.isReachable && !self.status.isReachable
        self.status = status
        guard cameBack else { return }
        returns += 1
        let again = waiting
        waiting = []
        for request in again { submit(request) }
    }
}
