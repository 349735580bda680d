/// Where a piece of code runs during one GET through `URLSessionManager` (see chapter 9's queue
/// diagram). The manager is set up as in the puzzle: its completion queue is a queue of its own,
/// and its notification queue is another (standing in for main, AFNetworking's default).
public enum Place: Sendable, Hashable {
    /// The thread that called the manager.
    case caller
    /// The session's delegate queue: `manager.operationQueue`.
    case delegateQueue
    /// The concurrent processing queue where chapter 8's task delegate runs the serializer.
    case processingQueue
    /// `manager.completionQueue`.
    case completionQueue
    /// `manager.notificationQueue`.
    case notificationQueue
}

/// The moments of the request, in the order they happen.
public enum Moment: String, Sendable, CaseIterable {
    /// `manager.dataTask(with:completionHandler:)` returns the task.
    case taskCreated
    /// An observer of `taskDidResume` (registered with `queue: nil`) is called.
    case resumeNotification
    /// `manager.hooks.dataTaskDidReceiveResponse` is called.
    case responseHook
    /// The task's download progress closure is called.
    case downloadProgress
    /// The response serializer's `responseObject(for:data:)` runs.
    case serializer
    /// `manager.hooks.taskDidComplete` is called.
    case completeHook
    /// The completion handler runs.
    case completionHandler
    /// An observer of `taskDidComplete` (registered with `queue: nil`) is called.
    case completeNotification
}

public let predictions: [Moment: Place] = [
    .taskCreated: .caller,
    // Posted with a hop, as AFNetworking hops to main: an observer with `queue: nil` runs where
    // the notification is posted.
    .resumeNotification: .notificationQueue,
    // Every URLSession callback, and so every hook, runs on the session's delegate queue.
    .responseHook: .delegateQueue,
    // Progress is reported where the event that moved it arrived.
    .downloadProgress: .delegateQueue,
    // Parsing is kept off the delegate queue, so one large body cannot hold up every other task.
    .serializer: .processingQueue,
    // The manager calls the hook right after handing completion to the task delegate.
    .completeHook: .delegateQueue,
    .completionHandler: .completionQueue,
    // After the handler, with a hop to the notification queue.
    .completeNotification: .notificationQueue,
]
