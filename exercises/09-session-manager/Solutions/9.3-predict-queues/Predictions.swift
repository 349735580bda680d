/// Three requests chapter 9's trip diagram does not draw, through a `URLSessionManager` whose
/// completion and notification queues are queues of their own: a GET to a port where nobody
/// listens, a download with a destination, and an invalidation that finds a task never resumed.
/// For each moment below, say *why* it runs where it runs; the place follows from the reason.
public enum Moment: String, Sendable, CaseIterable {
    // The GET to a port where nobody listens (the connection is refused).
    /// The manager's `taskDidComplete` hook is called for it.
    case refusedCompleteHook
    /// The response serializer's `responseObject(for:data:)` runs for it.
    case refusedSerializer
    /// Its completion handler runs.
    case refusedHandler
    /// An observer of `.taskDidComplete` (registered with `queue: nil`) is called for it.
    case refusedCompleteNotification

    // The download, with a destination.
    /// The manager's `downloadTaskDidFinishDownloading` hook is called.
    case downloadHook
    /// The task's `destination` closure is called.
    case downloadDestination
    /// An observer of `.downloadTaskDidMoveFileSuccessfully` (`queue: nil`) is called.
    case downloadMoveNotification
    /// The response serializer's `responseObject(for:data:)` runs for the download.
    case downloadSerializer

    // `invalidateSession(cancelingTasks: true)` while a task that was never resumed has its row.
    /// The manager's `sessionDidBecomeInvalid` hook is called.
    case invalidationHook
    /// An observer of `.sessionDidInvalidate` (`queue: nil`) is called.
    case invalidationNotification
    /// The never-resumed task's completion handler runs.
    case neverResumedHandler
}

/// Why a moment runs where it runs. Each reason names one place, and no two name the same one.
public enum Why: String, Sendable, CaseIterable {
    /// Code that is already running in one of URLSession's delegate callbacks calls it, or posts
    /// it, directly, without a hop: it runs on the session's delegate queue
    /// (`manager.operationQueue`).
    case calledInACallbackWithoutAHop
    /// It is the serializer's work, which is kept off the delegate queue: the processing queue.
    case parsingIsKeptOffTheDelegateQueue
    /// It is handed to `manager.completionQueue`.
    case handedToTheCompletionQueue
    /// It is posted with a hop to `manager.notificationQueue`.
    case postedWithAHopToTheNotificationQueue
    /// It does not run at all for this request.
    case itDoesNotRun
}

public let predictions: [Moment: Why] = [
    // The manager calls its hook at the end of URLSession's did-complete callback.
    .refusedCompleteHook: .calledInACallbackWithoutAHop,
    // A network error goes straight to the handler: there is no response to parse.
    .refusedSerializer: .itDoesNotRun,
    .refusedHandler: .handedToTheCompletionQueue,
    // Posted after the handler, as for every completion.
    .refusedCompleteNotification: .postedWithAHopToTheNotificationQueue,
    // The manager's download callback asks its hook first: the answer is where the file goes.
    .downloadHook: .calledInACallbackWithoutAHop,
    // The hook answered nil, so the same callback asks the task's own destination next, before
    // the task delegate moves the file.
    .downloadDestination: .calledInACallbackWithoutAHop,
    // Posted by the task delegate right after the move, inside that callback: no hop, unlike the
    // task notifications. (AFNetworking's task delegate posts it the same way.)
    .downloadMoveNotification: .calledInACallbackWithoutAHop,
    // A download completes through the serializer too (AFNetworking keeps its error); only
    // the object handed over is the file's URL.
    .downloadSerializer: .parsingIsKeptOffTheDelegateQueue,
    .invalidationHook: .calledInACallbackWithoutAHop,
    // Posted in place by the did-become-invalid callback, not through the notification queue.
    .invalidationNotification: .calledInACallbackWithoutAHop,
    // Completed with -999 like any other task whose completion is an error.
    .neverResumedHandler: .handedToTheCompletionQueue,
]
