import Foundation
import Locking
import NIOCore

/// Connections kept open between requests (keep-alive), so that a request to a server the
/// transport has just talked to skips the TCP and TLS handshakes. A connection is lent to one
/// request at a time, and only to a request for the same host and port under the same policy:
/// the policy judged the connection once, at its handshake, and that verdict holds for nobody else.
package final class ConnectionPool: Sendable {
    package static let shared = ConnectionPool()

    package struct Key: Hashable, Sendable, CustomStringConvertible {
        package let host: String
        package let port: Int
        package let policy: PolicyID

        package var description: String { "\(host):\(port) under \(policy)" }
    }

    private struct Idle {
        let connection: PinnedConnection
        let expiry: Scheduled<Void>
    }

    private struct State {
        var idle: [Key: [Idle]] = [:]
        var retired: Set<PolicyID> = []
        var opened = 0
    }

    /// How long a connection may wait unused before the pool closes it. URLSession keeps its own
    /// for about two minutes on Linux (libcurl's default); servers close theirs sooner, nginx after
    /// 75 s, so one minute leaves a request little chance of meeting a connection the server is closing.
    package let idleLimit: TimeAmount
    private let state = Protected(State())

    package init(idleLimit: TimeAmount = .seconds(60)) {
        self.idleLimit = idleLimit
    }

    // listing: pool-take
    /// A connection for `key` that is open and idle, the most recently used first (the least
    /// likely to have been closed by the server meanwhile), or nil: then the caller opens one,
    /// and its handshake asks the policy.
    func take(_ key: Key) -> PinnedConnection? {
        state.withLock { state in
            while let idle = state.idle[key]?.popLast() {
                idle.expiry.cancel()
                if idle.connection.isActive { return idle.connection }
            }
            return nil
        }
    }

    /// Takes back a connection whose exchange ended cleanly: kept if its policy is still the
    /// one in force, closed otherwise, and closed anyway after `idleLimit` unused.
    func put(_ connection: PinnedConnection) {
        let kept = state.withLock { state in
            guard connection.isActive, !state.retired.contains(connection.key.policy) else { return false }
            let expiry = connection.eventLoop.scheduleTask(in: idleLimit) { [weak self] () -> Void in
                self?.expire(connection)
            }
            state.idle[connection.key, default: []].append(Idle(connection: connection, expiry: expiry))
            return true
        }
        if !kept { connection.close() }
    }
    // end-listing

    /// Closes every idle connection of `policy`, and from now on every one of its connections
    /// that comes back: the policy was replaced, and its verdicts with it.
    func drain(_ policy: PolicyID) {
        let closing = state.withLock { state in
            state.retired.insert(policy)
            let keys = state.idle.keys.filter { $0.policy == policy }
            return keys.flatMap { state.idle.removeValue(forKey: $0) ?? [] }
        }
        for idle in closing {
            idle.expiry.cancel()
            idle.connection.close()
        }
    }

    /// A connection opened through this pool: counted, and forgotten when it closes.
    func adopt(_ connection: PinnedConnection) {
        state.withLock { $0.opened += 1 }
        connection.closeFuture.whenComplete { [weak self] _ in self?.forget(connection) }
    }

    /// How many connections were opened (each one a handshake the policy judged).
    package var openedConnections: Int { state.withLock { $0.opened } }

    /// How many connections wait unused.
    package var idleConnections: Int { state.withLock { $0.idle.values.reduce(0) { $0 + $1.count } } }

    private func expire(_ connection: PinnedConnection) {
        if forget(connection) { connection.close() }
    }

    /// Removes `connection` from the idle lists; says whether it was there.
    @discardableResult
    private func forget(_ connection: PinnedConnection) -> Bool {
        state.withLock { state in
            guard let index = state.idle[connection.key]?.firstIndex(where: { $0.connection === connection }) else {
                return false
            }
            state.idle[connection.key]?.remove(at: index).expiry.cancel()
            return true
        }
    }
}
