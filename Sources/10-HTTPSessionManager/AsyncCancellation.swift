import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import Locking

extension HTTPSessionManager {
    // listing: async-perform
    /// Runs `request` as one of the manager's data tasks, `serializer` in its row (nil: the
    /// manager's), and waits for its completion handler. Swift cancellation reaches the
    /// URLSession task through `CallState`, never through URLSession's own async API.
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
        case running(URLSessionTask)
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
        state.withLock { state in
            if case .notStarted = state.phase { state.phase = .running(task) }
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
        let task = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            guard case .running(let task) = state.phase else { return nil }
            return task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    package var wasCancelled: Bool { state.withLock { $0.cancelled } }
    // end-listing
}

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
