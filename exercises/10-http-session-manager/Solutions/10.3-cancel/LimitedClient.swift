import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import Locking

/// A client that runs at most `maximumCalls` GETs at once; the other calls wait, in the order they
/// came, for a running call to end. (AFNetworking 2 ran its requests as operations on an
/// `NSOperationQueue`, whose `maxConcurrentOperationCount` did this; URLSession's
/// `httpMaximumConnectionsPerHost` limits connections, not your calls.)
///
/// Cancelling a call's Swift task must work wherever the call is: a call that is cancelled while
/// it waits ends at once with `CancellationError`, leaves the line, and never reaches the server;
/// a running call that is cancelled is cancelled by `get(_:using:)`, and its place goes to the
/// next call in line once its task has ended (not before: URLSession is still working on it).
/// Every call ends exactly once.
public final class LimitedClient: Sendable {
    public let manager: HTTPSessionManager
    public let maximumCalls: Int
    private let state = Protected(State())
    /// For the tests: called on the thread of every `withState`, just before it takes the lock.
    package let beforeLocking = Protected<(@Sendable () -> Void)?>(nil)

    /// What the client keeps between calls: how many run, and who waits, first in line first.
    struct State {
        var running = 0
        var line: [Waiter] = []
    }

    /// A call waiting for a place: resumed once, by whoever takes it out of the line.
    struct Waiter: Sendable {
        let id: UUID
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Runs `body` with the client's state, under its lock: the only way to the state. (The tests
    /// set `beforeLocking` to hold a thread here, just before the lock, and so force the orderings
    /// that a busy machine makes only rare.)
    func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        beforeLocking.value?()
        return state.withLock { body(&$0) }
    }

    /// A client for `manager`; `maximumCalls` below 1 is taken as 1.
    public init(manager: HTTPSessionManager, maximumCalls: Int) {
        self.manager = manager
        self.maximumCalls = max(1, maximumCalls)
    }

    /// The status code of a GET for `path`, once a place is free.
    public func status(of path: String) async throws -> Int {
        try await takePlace()
        // From here the call holds a place, cancelled or not, until its task has ended.
        defer { leavePlace() }
        return try await get(path, using: manager)
    }

    /// How many calls are waiting for a place now.
    public var waiting: Int { withState { $0.line.count } }

    /// Returns once the call holds a place; throws `CancellationError`, holding none, when the
    /// call is cancelled first. Whoever takes a waiter out of the line resumes it, under the
    /// lock that took it out: the cancellation handler with the error, `leavePlace` with the
    /// place. Never both, so it is resumed exactly once.
    private func takePlace() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = withState { state in
                    // The runtime marks the task cancelled before it runs the handler: a handler
                    // that took the lock first found nobody in line, and this sees the mark.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < maximumCalls {
                        state.running += 1
                        return .success(())
                    }
                    state.line.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = withState { state in
                state.line.firstIndex { $0.id == id }.map { state.line.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// A call that held a place has ended: the place goes to the first in line, or is freed.
    private func leavePlace() {
        let next = withState { state -> Waiter? in
            guard !state.line.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.line.removeFirst()
        }
        next?.continuation.resume()
    }
}

// MARK: Chapter 10's bridge, written for you

/// A GET through the manager's closure API, as an `async` function that returns the status code,
/// whose cancellation reaches the `URLSessionTask` whenever it comes (chapter 10's `perform` and
/// `CallState`, step 6): before the task exists, the task is cancelled before it is resumed, so
/// nothing is sent; while it runs, its `cancel()` goes to another queue. A cancelled call throws
/// `CancellationError`. You need not change it.
public func get(_ path: String, using manager: HTTPSessionManager) async throws -> Int {
    let call = Call()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            let task = manager.dataTask(
                withHTTPMethod: "GET", urlString: path,
                success: { task, _ in continuation.resume(returning: (task.response as? HTTPURLResponse)?.statusCode ?? 0) },
                failure: { _, error in
                    let cancelled = call.wasCancelled && (error as? URLError)?.code == .cancelled
                    continuation.resume(throwing: cancelled ? CancellationError() : error)
                })
            // No task: the failure closure reports why, later, and resumes the continuation.
            guard let task else { return }
            if !call.start(task) { task.cancel() }
            manager.resume(task)
        }
    } onCancel: {
        call.cancel()
    }
}

/// Where a call's Swift task meets its URLSession task, in whichever order they come.
private final class Call: Sendable {
    private let state = Protected<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    /// Keeps the task; false when the call was already cancelled.
    func start(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            state.task = task
            return !state.cancelled
        }
    }

    /// The cancellation handler's half: it runs while the Swift runtime holds the task's lock, so
    /// it only takes note, and sends the URLSession call to another queue.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    var wasCancelled: Bool { state.withLock { $0.cancelled } }
}
