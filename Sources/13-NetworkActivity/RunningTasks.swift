import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: running-tasks
/// The tasks running now, each counted once however many notifications it posts: a resume adds
/// it, a suspension or its completion removes it. AFNetworking keeps a number instead (one more
/// on a resume, one fewer on a suspension or a completion, never below zero), and a task that is
/// suspended, then cancelled, takes one off for another task (exercise 9.2).
struct RunningTasks {
    private var tasks: [ObjectIdentifier: URLSessionTask] = [:]

    var count: Int { tasks.count }

    mutating func resumed(_ task: URLSessionTask) {
        tasks[ObjectIdentifier(task)] = task
    }

    mutating func ended(_ task: URLSessionTask) {
        tasks[ObjectIdentifier(task)] = nil
    }
}
// end-listing

/// The task a notification of chapters 8 and 9 is about, if it is one AFNetworking would count:
/// a task with a URL (`AFNetworkRequestFromNotification`).
func countedTask(of notification: Notification) -> URLSessionTask? {
    guard let task = notification.object as? URLSessionTask, task.originalRequest?.url != nil else { return nil }
    return task
}

/// The tokens `NotificationCenter` returns for block observers, kept to remove them later. The
/// center itself is safe to call from any thread; the tokens are only handed back to it.
struct ObserverTokens: @unchecked Sendable {
    var tokens: [any NSObjectProtocol] = []
}
