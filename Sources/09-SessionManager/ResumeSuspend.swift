import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracing

extension URLSessionManager {
    // listing: resume-suspend
    /// Resumes the task, and posts `taskDidResume` if it is one of this manager's tasks and this
    /// call really moved it out of `.suspended`. (Asking for `.running` afterwards would miss a
    /// resume that another thread's `cancel()` followed at once: the task is then `.canceling`.)
    ///
    /// AFNetworking swizzles `resume` on URLSession's private task classes to learn about every
    /// resume, however it is called. Swift cannot swizzle (and Linux has no Objective-C runtime),
    /// so resuming goes through the manager; a task resumed with `task.resume()` posts nothing.
    public func resume(_ task: URLSessionTask) {
        let before = task.state
        task.resume()
        // The state before, not after: by the time it is read again, a fast answer may have
        // completed the task.
        trace.record(.resume, task: task.taskIdentifier, on: TracePlace.current, "was \(before)")
        startResourceTimer(for: task)
        if before == .suspended, task.state != .suspended { post(.taskDidResume, for: task) }
    }

    /// Suspends the task, and posts `taskDidSuspend` if it is one of this manager's tasks and it
    /// really went from not suspended to suspended.
    ///
    /// On Linux, resuming a suspended transfer starts it again from byte 0: the response arrives
    /// a second time and the body is sent again from the start. The task delegate's buffer starts
    /// again with that second response, so the body handed to completion is still whole.
    public func suspend(_ task: URLSessionTask) {
        let before = task.state
        task.suspend()
        if before != .suspended, task.state == .suspended { post(.taskDidSuspend, for: task) }
    }

    private func post(_ name: Notification.Name, for task: URLSessionTask) {
        guard task.taskDescription == taskDescriptionForSessionTasks else { return }
        let center = notificationCenter
        let queue = notificationQueue
        if name == .taskDidResume {
            trace.record(.resumeNotification, task: task.taskIdentifier, on: TracePlace.current, "taskDidResume sent to \(TracePlace.queue(queue))")
        }
        queue.async { center.post(name: name, object: task) }
    }
    // end-listing
}
