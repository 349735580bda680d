import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates

/// Moves a finished download from URLSession's temporary file to `destination`, as AFNetworking's
/// task delegate does, with one change (exercise 8.4): a file already at the destination is
/// replaced, and never lost.
///
/// - on success, the download is at `destination`, and `.downloadTaskDidMoveFileSuccessfully` is
///   posted with `task` as the object and no `userInfo`;
/// - on failure, whatever was at `destination` is still there, as it was;
///   `.downloadTaskDidFailToMoveFile` is posted with `task` as the object and the error's own
///   `userInfo`, and the temporary file is deleted (Linux leaves it behind);
/// - either way nothing else is left in the destination's folder, and `destination` is returned.
///
/// The notifications are posted on `notificationCenter`, on the calling queue.
public func moveDownload(from temporaryURL: URL, to destination: URL, task: URLSessionTask, notificationCenter: NotificationCenter) -> URL {
    // TODO(8.4)
    return destination
}
