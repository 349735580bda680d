import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

/// Makes a task with `create`, or reports why it could not, the way every verb of
/// `HTTPSessionManager` does (chapter 10, step 3): when `create` throws, return nil and call
/// `failure` (if there is one) exactly once, with no task and the error `create` threw, on
/// `completionQueue`.
///
/// A colleague wrote this version, and it passed their review. Make your predictions in
/// `Predictions` below before you change anything (the tests check them against this code as it
/// is), then fix the function.
public func taskOrFailure(
    completionQueue: DispatchQueue, failure: Failure?, _ create: () throws -> URLSessionDataTask
) -> URLSessionDataTask? {
    do {
        return try create()
    } catch {
        // TODO(10.2): find what is wrong with this line, and fix it.
        // On the completion queue, as AFNetworking promises, and already done when we return:
        // the caller never sees nil while its failure closure is still to come.
        completionQueue.sync { failure?(nil, error) }
        return nil
    }
}

/// What happens when the colleague's `taskOrFailure` (above, with `sync`) fails to make a task.
public enum Outcome: Sendable {
    /// `failure` runs, then the call returns.
    case failureRunsBeforeTheCallReturns
    /// The call returns, then `failure` runs.
    case callReturnsBeforeFailureRuns
    /// The call does not return until the completion queue has finished what it was doing.
    case callWaitsForTheQueue
    /// The process stops.
    case processStops
}

public enum Predictions {
    // TODO(10.2): predict what the colleague's version does, before you fix it.

    /// Called from a background thread while the completion queue has nothing to do.
    public static let idleQueue: Outcome? = nil
    /// Called from a background thread while the completion queue is still running an earlier
    /// completion handler (a slow one: it saves to disk).
    public static let busyQueue: Outcome? = nil
    /// Called from a completion handler, on the completion queue itself: a handler that starts the
    /// next request, as a paging list does.
    public static let onTheQueue: Outcome? = nil
}
