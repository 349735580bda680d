import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import Locking

extension HTTPSessionManager {
    // listing: async-perform
    /// Runs `request` as one of the manager's data tasks and waits for its completion handler.
    /// The task goes through chapter 9's manager like any other (the task table, the queues, the
    /// notifications), carrying `serializer` in its row (nil: the manager's); the Swift task only
    /// waits. Its cancellation reaches the URLSession task through `CallState`, never through
    /// URLSession's own async API.
    func perform(
        _ request: URLRequest, serializer: (any ResponseSerializer)?,
        uploadProgress: ProgressHandler?, downloadProgress: ProgressHandler?
    ) async throws -> Handoff.Response {
        let call = CallState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Handoff.Response, any Error>) in
                do {
                    let task = try dataTask(
                        with: request, uploadProgress: uploadProgress, downloadProgress: downloadProgress,
                        responseSerializer: serializer
                    ) { response, object, error in
                        call.finish()
                        continuation.resume(with: Handoff.Response.result(response, object, error, cancelled: call.wasCancelled))
                    }
                    // Cancelled before the task existed: it is cancelled before it starts, and
                    // still completes (with -999) through the same handler.
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
/// Where a call's Swift task and its URLSession task meet. The cancellation handler may run
/// before the task exists, while it runs, or after it has finished; one lock orders the three.
///
/// The handler never calls `URLSessionTask.cancel()` itself. It runs while the Swift runtime
/// holds the task's status lock, and on Linux `cancel()` blocks until URLSession's work queue is
/// free. URLSession's own async API deadlocks exactly there (Swift 6.3.1: its work queue can wait
/// for that same lock). The manager's work queue never touches Swift tasks, so it would not, but
/// a handler that blocks on someone else's queue is one refactoring away from it: the cancel is
/// sent from another queue, and the handler returns at once.
final class CallState: Sendable {
    private enum Phase {
        case notStarted
        case running(URLSessionTask)
        case finished
    }

    private let state = Protected((phase: Phase.notStarted, cancelled: false))

    /// Records the task; false when the call was cancelled before it had one.
    func start(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            if case .notStarted = state.phase { state.phase = .running(task) }
            return !state.cancelled
        }
    }

    /// Called by the cancellation handler: cancels the running task, from another queue.
    func cancel() {
        let task = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            guard case .running(let task) = state.phase else { return nil }
            return task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    /// The task has completed: a cancellation arriving from now on has nothing to cancel.
    func finish() {
        state.withLock { $0.phase = .finished }
    }

    var wasCancelled: Bool { state.withLock { $0.cancelled } }
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
        static func result(_ response: URLResponse?, _ object: Any?, _ error: (any Error)?, cancelled: Bool) -> Result<Response, any Error> {
            if let error {
                if cancelled, (error as? URLError)?.code == .cancelled { return .failure(CancellationError()) }
                return .failure(error)
            }
            guard let http = response as? HTTPURLResponse else { return .failure(HTTPSessionManagerError.notHTTP(response)) }
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
