import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import Locking

/// A GET through the manager's closure API, as an `async` function that returns the status code,
/// whose cancellation reaches the `URLSessionTask`.
public func status(of path: String, using manager: HTTPSessionManager, cancellingOn queue: DispatchQueue) async throws -> Int {
    let call = Call(queue: queue)
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
            // Cancelled before there was a task: cancel it before it starts. It still completes,
            // with -999, through the failure closure, so the continuation is resumed there, once.
            if !call.start(task) { task.cancel() }
            manager.resume(task)
        }
    } onCancel: {
        call.cancel()
    }
}

/// Where the Swift task's cancellation meets the URLSession task, in whichever order they come.
private final class Call: Sendable {
    private let queue: DispatchQueue
    private let state = Protected<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    init(queue: DispatchQueue) { self.queue = queue }

    /// Keeps the task; false when the call was already cancelled.
    func start(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            state.task = task
            return !state.cancelled
        }
    }

    /// The cancellation handler: it runs while the Swift runtime holds the task's lock, so it only
    /// takes note, and sends the URLSession call to the queue.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { queue.async { task.cancel() } }
    }

    var wasCancelled: Bool { state.withLock { $0.cancelled } }
}
