import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

/// Makes a task with `create`, or reports why it could not, as every verb of `HTTPSessionManager`
/// does (chapter 10, step 3), with one more promise: the failure runs inside `completionGroup`.
public func taskOrFailure(
    completionQueue: DispatchQueue, completionGroup: DispatchGroup, failure: Failure?,
    _ create: () throws -> URLSessionDataTask
) -> URLSessionDataTask? {
    do {
        return try create()
    } catch {
        // `async`: the caller's next line runs first, whatever the queue is doing, and a caller
        // already on the completion queue is not asked to wait for itself. `group:` enters the
        // group now, before this function returns, and leaves it when `failure` has returned:
        // a `notify` set by the caller after this call waits for it. (AFNetworking, and chapter
        // 10's `makeTask`, dispatch it outside the group.)
        if let failure { completionQueue.async(group: completionGroup) { failure(nil, error) } }
        return nil
    }
}

/// What happens when the colleague's `taskOrFailure` (with `sync`) fails to make a task.
public enum Outcome: Sendable {
    case failureRunsAtOnceThenTheCallReturns
    case callWaitsForTheQueueThenFailureRunsThenItReturns
    case callReturnsThenFailureRuns
    case processStops
}

public enum Predictions {
    /// `sync` runs the block on the queue and waits for it; an idle queue runs it at once.
    public static let idleQueue: Outcome? = .failureRunsAtOnceThenTheCallReturns
    /// A serial queue runs one block at a time: `sync` waits behind the slow handler, so a
    /// background thread that only wanted to start a request is stuck until the disk is done.
    public static let busyQueue: Outcome? = .callWaitsForTheQueueThenFailureRunsThenItReturns
    /// `sync` onto the queue the caller is running on waits for the caller itself: a deadlock,
    /// which libdispatch detects, and it stops the process (on Linux and on Darwin).
    public static let onTheQueue: Outcome? = .processStops
}
