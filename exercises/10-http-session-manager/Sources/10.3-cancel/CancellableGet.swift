import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager

/// A GET through the manager's closure API (`dataTask(withHTTPMethod:…)`), as an `async` function
/// that returns the response's status code.
///
/// Cancelling the calling Swift task must cancel the `URLSessionTask` and make this function throw
/// `CancellationError`, whenever the cancellation comes: before the call, while the task is being
/// made, while it runs. `URLSessionTask.cancel()` is sent to `queue`, never called from the
/// cancellation handler itself. Do not use `URLSession.data(for:)`. Every call ends exactly once.
public func status(of path: String, using manager: HTTPSessionManager, cancellingOn queue: DispatchQueue) async throws -> Int {
    // TODO(10.3): this version waits for the server whatever happens; make cancellation reach the task.
    try await withCheckedThrowingContinuation { continuation in
        let task = manager.dataTask(
            withHTTPMethod: "GET", urlString: path,
            success: { task, _ in continuation.resume(returning: (task.response as? HTTPURLResponse)?.statusCode ?? 0) },
            failure: { _, error in continuation.resume(throwing: error) })
        if let task { manager.resume(task) }
    }
}
