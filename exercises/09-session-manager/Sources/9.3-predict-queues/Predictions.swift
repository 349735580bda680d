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

// TODO(9.3): predict a place for every moment, then check.
public let predictions: [Moment: Place] = [:]
