import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

/// Makes a task with `create`, or reports why it could not, the way every verb of
/// `HTTPSessionManager` does (chapter 10, step 3).
public func taskOrFailure(
    completionQueue: DispatchQueue, failure: Failure?, _ create: () throws -> URLSessionDataTask
) -> URLSessionDataTask? {
    do {
        return try create()
    } catch {
        // `async`, not `sync`, and not a direct call: the caller's next line runs first, even
        // when the caller is on the completion queue itself (where `sync` would deadlock).
        if let failure { completionQueue.async { failure(nil, error) } }
        return nil
    }
}
