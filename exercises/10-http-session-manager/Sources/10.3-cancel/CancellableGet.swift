import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager

/// A GET through the manager's closure API (`dataTask(withHTTPMethod:…)`), as an `async` function
/// that returns the response's status code.
///
/// Cancelling the calling Swift task must cancel the `URLSessionTask` and make this function throw
/// `CancellationError`: while the task runs, and also when the Swift task was cancelled before
/// the call began. Do not use `URLSession.data(for:)`. Every call must end exactly once.
public func status(of path: String, using manager: HTTPSessionManager) async throws -> Int {
    // TODO(10.3): this version waits for the server whatever happens; make cancellation reach the task.
    try await withCheckedThrowingContinuation { continuation in
        let task = manager.dataTask(
            withHTTPMethod: "GET", urlString: path,
            success: { task, _ in continuation.resume(returning: (task.response as? HTTPURLResponse)?.statusCode ?? 0) },
            failure: { _, error in continuation.resume(throwing: error) })
        if let task { manager.resume(task) }
    }
}
