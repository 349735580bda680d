import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

/// Makes a task with `create`, or reports why it could not, the way every verb of
/// `HTTPSessionManager` does (chapter 10, step 3).
///
/// When `create` succeeds, return its task and call nothing. When it throws, return nil and call
/// `failure` (if there is one) exactly once, with no task and the error `create` threw, on
/// `completionQueue`, and only after this function has returned.
public func taskOrFailure(
    completionQueue: DispatchQueue, failure: Failure?, _ create: () throws -> URLSessionDataTask
) -> URLSessionDataTask? {
    // TODO(10.2): report the error instead of dropping it.
    try? create()
}
