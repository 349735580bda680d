import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

/// Makes a task with `create`, or reports why it could not, as every verb of `HTTPSessionManager`
/// does (chapter 10, step 3), with one more promise. When `create` throws: return nil, and call
/// `failure` (if there is one) exactly once, with no task and the error `create` threw, on
/// `completionQueue`, only after this function has returned; and inside `completionGroup`, so that
/// a caller waiting for a batch of requests with `completionGroup.notify` waits for this failure
/// as it waits for every other request's handler.
///
/// A colleague wrote this version, and it passed their review. Make your predictions in
/// `Predictions` below before you change anything (the tests check them against this code as it
/// is), then fix the function.
public func taskOrFailure(
    completionQueue: DispatchQueue, completionGroup: DispatchGroup, failure: Failure?,
    _ create: () throws -> URLSessionDataTask
) -> URLSessionDataTask? {
    do {
        return try create()
    } catch {
        // TODO(10.2): find what is wrong with this line, and fix it.
        // On the completion queue, as AFNetworking promises, and already done when we return:
        // the caller never sees nil while its failure closure is still to come, and a batch
        // waiting on the group cannot miss it.
        completionQueue.sync { failure?(nil, error) }
        return nil
    }
}

/// What happens when the colleague's `taskOrFailure` (above, with `sync`) fails to make a task.
/// Exactly one case describes each situation.
public enum Outcome: Sendable {
    /// `failure` runs at once, without waiting for anything, and then the call returns.
    case failureRunsAtOnceThenTheCallReturns
    /// The call first waits until the completion queue has finished what it was doing; then
    /// `failure` runs, then the call returns.
    case callWaitsForTheQueueThenFailureRunsThenItReturns
    /// The call returns first; `failure` runs later.
    case callReturnsThenFailureRuns
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
