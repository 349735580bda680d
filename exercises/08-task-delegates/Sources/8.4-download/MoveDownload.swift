import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates

/// Moves a finished download from URLSession's temporary file to `destination`, as AFNetworking's
/// task delegate does (exercise 8.4):
///
/// - on success, posts `.downloadTaskDidMoveFileSuccessfully` with `task` as the object and no
///   `userInfo`;
/// - on failure, posts `.downloadTaskDidFailToMoveFile` with `task` as the object and the error's
///   own `userInfo`, and deletes the temporary file (Linux leaves it behind);
/// - either way, returns `destination`: the completion handler gets it even when the move failed.
///
/// The notifications are posted on `notificationCenter`, on the calling queue.
public func moveDownload(from temporaryURL: URL, to destination: URL, task: URLSessionTask, notificationCenter: NotificationCenter) -> URL {
    // TODO(8.4)
    return destination
}
