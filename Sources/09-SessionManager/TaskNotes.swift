import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the manager remembers about one of its tasks besides its delegate and serializer: the
/// session that made it, and the Linux workarounds' bookkeeping. Part of the task's row in the
/// task table: created with the task, removed with it.
struct TaskNotes: Sendable {
    /// The session that made the task: an invalidation completes the tasks it left silent.
    var session: ObjectIdentifier
    /// Whether the caller gave the download task a destination.
    var hasDestination = false
    /// Where the manager's download hook said the file goes, overriding the task's destination.
    var destinationOverride: URL?
    /// The response hook answered `.cancel`: the task was cancelled, and data still arriving is
    /// dropped.
    var discardsData = false
    /// The manager answered a challenge with a cancellation in place of the default handling that
    /// hangs on Linux: the -999 that follows is really "no credential", not a cancellation.
    var cancelledChallengeForDefaultHandling = false
    /// The challenge handler's error, which replaces the cancellation it causes (AFNetworking keeps
    /// it as an associated object of the task).
    var challengeError: (any Error)?
    /// The manager's own resource timer has started, and whether it fired.
    var resourceTimerStarted = false
    var resourceTimedOut = false
}

extension URLSessionManager {
    func note(_ task: URLSessionTask, _ change: (inout TaskNotes) -> Void) {
        taskTable.updateNotes(of: task, change)
    }

    func notes(for task: URLSessionTask) -> TaskNotes? {
        taskTable.notes(for: task)
    }
}
