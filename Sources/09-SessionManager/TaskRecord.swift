import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: task-record
/// What the manager itself knows about one of its tasks, beside the task's delegate in its row of
/// the task table: made with the row, changed only under the table's lock, gone with the row.
/// (Alamofire keeps everything a request knows in one `MutableState` the same way.)
struct TaskRecord: Sendable {
    /// The session that made the task: an invalidation completes the tasks it left silent.
    let session: ObjectIdentifier
    /// This task's own serializer (chapter 10's async calls bring one), or nil for the
    /// manager's, read when the task completes.
    let responseSerializer: (any ResponseSerializer)?
    /// Why the manager itself cancelled the task, once it has; the first reason stays.
    var cancellation: Cancellation?
    /// Whether the manager's own resource timer runs for the task (Linux).
    var resourceTimerStarted = false
}

/// Why the manager cancelled one of its tasks. URLSession then completes the task with -999; the
/// reason says what the caller gets instead.
enum Cancellation: Sendable {
    /// The response hook answered `.cancel`, which Linux ignores: the manager cancelled the task,
    /// and drops the data still on its way.
    case responseRefused
    /// The challenge handler failed with this error (AFNetworking keeps it as an associated object
    /// of the task).
    case challengeFailed(any Error)
    /// The task ran past the configuration's `timeoutIntervalForResource`, which Linux ignores.
    case resourceTimedOut
}
// end-listing

extension TaskRecord {
    // listing: completion-error
    /// The error the task completes with: URLSession's, unless the manager cancelled the task
    /// itself. Then the reason decides: the challenge handler's error; a cancellation for a
    /// refused response, even when the whole body had arrived before the cancellation did; a
    /// timeout for the resource timer, unless the task finished first.
    func completionError(reported error: (any Error)?) -> (any Error)? {
        switch cancellation {
        case nil:
            return error
        case .challengeFailed(let handlerError):
            return handlerError
        case .responseRefused:
            return error ?? URLError(.cancelled)
        case .resourceTimedOut:
            guard let error = error as? URLError, error.code == .cancelled else { return error }
            return URLError(.timedOut, userInfo: error.userInfo)
        }
    }
    // end-listing
}
