import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates

/// Why the manager cancelled one of its tasks itself, where URLSession alone would not end it as
/// Darwin does. The task's delegate keeps the reason (chapter 8's `cancel(byOwner:)`): from then on
/// the task takes no more events, and the reason decides what it completes with.
package enum Cancellation: OwnerCancellation {
    /// The response hook answered `.cancel`, which Linux ignores: the manager cancelled the task.
    case responseRefused
    /// The challenge handler failed with this error (AFNetworking keeps it as an associated object
    /// of the task).
    case challengeFailed(any Error)
    /// The task ran past the configuration's `timeoutIntervalForResource`, which Linux ignores.
    case resourceTimedOut
}

extension Cancellation {
    // listing: completion-error
    /// The error the task completes with, given URLSession's: the handler's; or a cancellation, or a
    /// timeout, even after a success (the chunks after the cancellation were dropped: the body
    /// would be part of one). Another network error stays as it is.
    package func completionError(reported error: (any Error)?) -> (any Error)? {
        switch self {
        case .challengeFailed(let handlerError):
            return handlerError
        case .responseRefused:
            return error ?? URLError(.cancelled)
        case .resourceTimedOut:
            guard error == nil || (error as? URLError)?.code == .cancelled else { return error }
            return URLError(.timedOut, userInfo: (error as? URLError)?.userInfo ?? [:])
        }
    }
    // end-listing
}

extension URLSessionManager {
    /// Records why the manager cancels the task, in the task's delegate, unless it has a reason
    /// already or has completed; says whether this one counts. From now on the task takes no more
    /// events, and the reason decides its error.
    @discardableResult
    func noteCancellation(of task: URLSessionTask, because reason: Cancellation) -> Bool {
        delegate(for: task)?.cancel(byOwner: reason) ?? false
    }

    /// Cancels the task itself, for `reason`, if the reason counts: the reason first, so that the
    /// -999 that follows finds it.
    @discardableResult
    package func cancelItself(_ task: URLSessionTask, because reason: Cancellation) -> Bool {
        guard noteCancellation(of: task, because: reason) else { return false }
        task.cancel()
        return true
    }
}
