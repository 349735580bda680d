import Foundation

// listing: notification-names
/// The notifications a task delegate posts, with AFNetworking 4.0.1's exact strings, so that code
/// which observes them by name (logging, activity indicators) keeps working.
/// (Chapter 9's manager adds the resume, suspend and session-invalidation names.)
extension Notification.Name {
    /// Posted once per task, after its completion handler has run. `object` is the task.
    public static let taskDidComplete = Notification.Name("com.alamofire.networking.task.complete")
    /// A finished download was moved to its destination. `object` is the task, no `userInfo`.
    public static let downloadTaskDidMoveFileSuccessfully =
        Notification.Name("com.alamofire.networking.session.download.file-manager-succeed")
    /// A finished download could not be moved. `object` is the task; `userInfo` is the
    /// file manager error's own `userInfo`, as in AFNetworking.
    public static let downloadTaskDidFailToMoveFile =
        Notification.Name("com.alamofire.networking.session.download.file-manager-error")
}
// end-listing

// listing: task-did-complete-keys
/// The `userInfo` keys of `taskDidComplete` (AFNetworking's `AFNetworkingTaskDidComplete…Key`).
public enum TaskDidCompleteKey {
    /// The serializer the task was completed with: always present.
    public static let responseSerializer = "com.alamofire.networking.task.complete.responseserializer"
    /// The body received (a data or upload task), present when there is no asset path.
    /// (The odd `complete.finish` spelling is AFNetworking's own.)
    public static let responseData = "com.alamofire.networking.complete.finish.responsedata"
    /// Where a download was moved to.
    public static let assetPath = "com.alamofire.networking.task.complete.assetpath"
    /// The network error or the serializer's error, when there is one.
    public static let error = "com.alamofire.networking.task.complete.error"
    /// What the serializer made of the body (or the download's URL), when there is an object.
    public static let serializedResponse = "com.alamofire.networking.task.complete.serializedresponse"
}
// end-listing
