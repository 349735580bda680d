import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether the manager posts `taskDidResume` after resuming a task: only for one of its own tasks
/// (the task's description is the manager's), and only when this call moved it out of `.suspended`.
/// `before` and `after` are the task's states around the `resume()` call.
public func postsDidResume(
    before: URLSessionTask.State, after: URLSessionTask.State, taskDescription: String?, managerDescription: String
) -> Bool {
    // TODO(9.2): the two conditions.
    false
}

/// The same for `taskDidSuspend` around a `suspend()` call.
public func postsDidSuspend(
    before: URLSessionTask.State, after: URLSessionTask.State, taskDescription: String?, managerDescription: String
) -> Bool {
    // TODO(9.2): the two conditions.
    false
}
