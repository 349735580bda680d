import Foundation

/// The notifications the manager posts, with AFNetworking 4.0.1's exact strings. (Chapter 8's task
/// delegate posts `taskDidComplete` and the two download-move notifications.)
extension Notification.Name {
    /// A task of this manager was resumed out of `.suspended`. `object` is the task.
    public static let taskDidResume = Notification.Name("com.alamofire.networking.task.resume")
    /// A task of this manager went from not suspended to suspended. `object` is the task.
    public static let taskDidSuspend = Notification.Name("com.alamofire.networking.task.suspend")
    /// The manager's session became invalid. `object` is the session.
    public static let sessionDidInvalidate = Notification.Name("com.alamofire.networking.session.invalidate")
}
