import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore

/// One request through the client, every hop of its redirects and its one retry included: the
/// connection it is using, its idle timer, and the rule that it ends once. `cancel()` closes
/// the connection; nothing is reported after the end.
package final class Exchange: Sendable {
    private struct State {
        var isFinished = false
        var connection: PinnedConnection?
        var lastProgress = NIODeadline.now()
        var timer: Scheduled<Void>?
        var redirects = 0
        /// The URL of the hop under way, for the errors that do not know it.
        var url: URL?
    }

    let client: PinnedHTTPClient
    let events: PinnedHTTPClient.Events
    /// Where the timer runs, and where new connections are opened.
    let eventLoop: any EventLoop
    private let state = Protected(State())

    init(client: PinnedHTTPClient, events: PinnedHTTPClient.Events, eventLoop: any EventLoop) {
        (self.client, self.events, self.eventLoop) = (client, events, eventLoop)
    }

    func start(_ request: URLRequest) {
        if let limit = idleLimit { schedule(at: .now() + limit) }
        run(request, body: RequestBody(request))
    }

    package func cancel() {
        finish(.failed(.cancelled, url: nil, detail: "the request was cancelled"))
    }

    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Ends the exchange, once: stops the timer, closes the connection of a request that did not
    /// end cleanly (a connection given back to the pool has been detached before), and reports.
    func finish(_ error: PinnedTransportError?) {
        let (first, connection, timer, url) = state.withLock { state in
            defer { (state.isFinished, state.connection, state.timer) = (true, nil, nil) }
            return (!state.isFinished, state.connection, state.timer, state.url)
        }
        guard first else { return }
        timer?.cancel()
        if error != nil { connection?.close() }
        events.finished(error?.at(url))
    }

    /// Makes `connection` the exchange's, for the hop to `url`; false when the exchange has
    /// already ended.
    func attach(_ connection: PinnedConnection, for url: URL) -> Bool {
        state.withLock { state in
            guard !state.isFinished else { return false }
            (state.connection, state.url) = (connection, url)
            return true
        }
    }

    /// The hop under way goes to `url`.
    func note(_ url: URL?) {
        state.withLock { $0.url = url }
    }

    /// Takes the connection back from the exchange (to pool it, or to retry elsewhere).
    func detach() -> PinnedConnection? {
        state.withLock { state in
            defer { state.connection = nil }
            return state.connection
        }
    }

    func madeProgress() {
        state.withLock { $0.lastProgress = .now() }
    }

    /// Counts a redirect; false past the limit.
    func countRedirect() -> Bool {
        state.withLock { state in
            state.redirects += 1
            return state.redirects <= Redirects.limit
        }
    }

    // listing: idle-timeout
    /// URLSession's request timeout is a limit on idleness, not on the whole request: a download
    /// that keeps arriving may take as long as it needs. So the timer looks at when the last byte
    /// moved (either way), and waits again from there; a request idle for the whole limit fails
    /// with -1001, and its connection is closed.
    private func schedule(at deadline: NIODeadline) {
        let timer = eventLoop.scheduleTask(deadline: deadline) { [weak self] () -> Void in self?.checkIdle() }
        let kept = state.withLock { state in
            guard !state.isFinished else { return false }
            state.timer = timer
            return true
        }
        if !kept { timer.cancel() }
    }

    private func checkIdle() {
        guard let limit = idleLimit, let last = state.withLock({ $0.isFinished ? nil : $0.lastProgress }) else {
            return
        }
        if last + limit <= .now() {
            finish(.timedOut(url: nil, limit: client.timeout))
        } else {
            schedule(at: last + limit)
        }
    }
    // end-listing

    /// The client's timeout as NIO counts time, or nil for none (0 or less, as URLSession reads it).
    var idleLimit: TimeAmount? {
        guard client.timeout > 0 else { return nil }
        return .nanoseconds(Int64(min(client.timeout, 1e9) * 1e9))
    }
}
