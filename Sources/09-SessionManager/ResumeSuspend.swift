import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates
import Tracing

/// The manager suspends and resumes its tasks for their progress objects too (chapter 8's
/// `TaskOwner`): pausing a task's `Progress` posts `taskDidSuspend`, as `suspend(_:)` does.
extension URLSessionManager: TaskOwner {
    // listing: resume-suspend
    /// Resumes the task, and posts `taskDidResume` if it is one of this manager's tasks and this
    /// call really moved it out of `.suspended`. (Asking for `.running` afterwards would miss a
    /// resume that another thread's `cancel()` followed at once: the task is then `.canceling`.)
    /// `task.resume()` called on the task itself posts nothing; its `Progress` comes through here.
    public func resume(_ task: URLSessionTask) {
        let before = task.state
        // Recorded before the call: once resumed, the whole exchange may finish on other threads
        // before this line would run, and the trace would put the resume last.
        trace.record(.resume, task: task.taskIdentifier, on: TracePlace.current, "was \(before)")
        task.resume()
        guard before == .suspended, task.state != .suspended else { return }
        startResourceTimer(for: task)
        post(.taskDidResume, for: task)
    }

    /// Suspends the task, and posts `taskDidSuspend` if it is one of this manager's tasks and it
    /// really went from not suspended to suspended. (On Linux, resuming it again starts the
    /// transfer from byte 0; the task delegate's buffer starts again with the second response.)
    public func suspend(_ task: URLSessionTask) {
        let before = task.state
        task.suspend()
        if before != .suspended, task.state == .suspended { post(.taskDidSuspend, for: task) }
    }
    // end-listing

    /// Posts on the notification queue, and only for the manager's own tasks: every task it makes
    /// carries its description.
    private func post(_ name: Notification.Name, for task: URLSessionTask) {
        guard task.taskDescription == taskDescriptionForSessionTasks else { return }
        let center = notificationCenter
        let queue = notificationQueue
        if name == .taskDidResume {
            trace.record(
                .resumeNotification, task: task.taskIdentifier, on: TracePlace.current,
                "taskDidResume sent to \(TracePlace.queue(queue))")
        }
        queue.async { center.post(name: name, object: task) }
    }
}
