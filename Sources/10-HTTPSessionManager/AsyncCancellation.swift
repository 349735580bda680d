import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import Locking

extension HTTPSessionManager {
    // listing: async-perform
    /// Makes one of the manager's tasks with `makeTask`, handing it the completion handler, and
    /// waits for that handler. Swift cancellation reaches the URLSession task through `CallState`,
    /// never through URLSession's own async API. Every `async` call of this chapter ends here:
    /// the data calls with a data task, the multipart POST with an upload, the download with a
    /// download task.
    func perform(_ makeTask: (@escaping CompletionHandler) throws -> URLSessionTask) async throws -> Handoff.Response {
        let call = CallState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Handoff.Response, any Error>) in
                do {
                    let task = try makeTask { response, object, error in
                        call.finish()
                        continuation.resume(
                            with: Handoff.Response.result(response, object, error, cancelled: call.wasCancelled))
                    }
                    if !call.start(task) { task.cancel() }
                    resume(task)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            call.cancel()
        }
    }
    // end-listing
}

// listing: call-state
/// Where a call's Swift task and its URLSession task meet: what the URLSession task is doing,
/// and whether the Swift task was cancelled.
package final class CallState: Sendable {
    private enum Phase {
        case notStarted
        /// How to cancel what runs: the URLSession task's `cancel()` (chapter 11's image calls
        /// cancel a receipt instead).
        case running(cancel: @Sendable () -> Void)
        case finished
    }

    private let state = Protected((phase: Phase.notStarted, cancelled: false))

    package init() {}
}
// end-listing

extension CallState {
    // listing: call-state-start
    /// Records the task; false when the call was cancelled before it had one (`perform` then
    /// cancels the task before resuming it).
    package func start(_ task: URLSessionTask) -> Bool {
        start { task.cancel() }
    }

    /// Records how to cancel what the call started (chapter 11: a receipt); false as above.
    package func start(cancellingWith cancel: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if case .notStarted = state.phase { state.phase = .running(cancel: cancel) }
            return !state.cancelled
        }
    }

    /// The task has completed: a cancellation arriving from now on has nothing to cancel.
    package func finish() {
        state.withLock { $0.phase = .finished }
    }
    // end-listing
}

extension CallState {
    // listing: call-state-cancel
    /// The cancellation handler's half: marks the call cancelled and, if the task is running,
    /// sends its `cancel()` to another queue, so that the handler returns at once.
    package func cancel() {
        let cancelTask = state.withLock { state -> (@Sendable () -> Void)? in
            state.cancelled = true
            guard case .running(let cancel) = state.phase else { return nil }
            return cancel
        }
        guard let cancelTask else { return }
        DispatchQueue.global().async(execute: cancelTask)
    }

    package var wasCancelled: Bool { state.withLock { $0.cancelled } }
    // end-listing
}

// listing: cancellation-error
/// What an `async` call throws for the error its completion brought: `CancellationError` when the
/// work ended as cancelled (-999) because the caller's Swift task asked for it, the error as it
/// came otherwise. A -999 that the caller did not ask for (the session invalidated, the task
/// cancelled by other code) stays a `URLError`: the caller must not take it for its own
/// cancellation. Chapter 11's awaited image throws through the same rule.
package func thrownByAwait(_ error: any Error, callerCancelled: Bool) -> any Error {
    guard callerCancelled, (error as? URLError)?.code == .cancelled else { return error }
    return CancellationError()
}
// end-listing

extension Handoff {
    /// What a completion handler received, on its way to the awaiting Swift task. An ownership
    /// hand-off like `Handoff`: the object is not `Sendable`, and only the receiver touches it.
    struct Response: @unchecked Sendable {
        let object: Any?
        let response: HTTPURLResponse

        /// The handler's arguments as a result: an error wins; a cancellation the Swift task asked
        /// for becomes `CancellationError`.
        static func result(_ response: URLResponse?, _ object: Any?, _ error: (any Error)?, cancelled: Bool) -> Result<
            Response, any Error
        > {
            if let error { return .failure(thrownByAwait(error, callerCancelled: cancelled)) }
            guard let http = response as? HTTPURLResponse else {
                return .failure(HTTPSessionManagerError.notHTTP(response))
            }
            return .success(Response(object: object, response: http))
        }

        func typed<Object>(as: Object.Type) throws(HTTPSessionManagerError) -> HTTPResponse<Object?> {
            guard let object else { return HTTPResponse(object: nil, response: response) }
            guard let typed = object as? Object else {
                throw .unexpectedObject(expected: "\(Object.self)", found: "\(type(of: object))")
            }
            return HTTPResponse(object: typed, response: response)
        }
    }
}
