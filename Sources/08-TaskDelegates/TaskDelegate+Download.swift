import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracing

extension TaskDelegate {
    // listing: download-move
    /// A download finished in a temporary file: move it where the destination says, and post the
    /// success or the failure notification (on the delegate queue, as AFNetworking does). The
    /// destination is remembered even when the move fails: the completion handler gets it anyway.
    ///
    /// Darwin deletes the temporary file when this callback returns; Linux leaves it behind. So
    /// the delegate deletes whatever it did not move: with no destination, after a failed move,
    /// or after the task completed.
    public func didFinishDownloading(to location: URL) {
        guard let destination, !isCompleted else { return discard(location) }
        let target = destination(location, task.response)
        state.withLock { $0.downloadFileURL = target }
        do {
            try FileManager.default.moveItem(at: location, to: target)
            trace(.didFinishDownloading, "moved to \(target.lastPathComponent)")
            notificationCenter.post(name: .downloadTaskDidMoveFileSuccessfully, object: task)
        } catch {
            trace(.didFinishDownloading, "could not move to \(target.path): \(TraceDetail.describe(error))")
            notificationCenter.post(name: .downloadTaskDidFailToMoveFile, object: task, userInfo: (error as NSError).userInfo)
            discard(location)
        }
    }
    // end-listing

    private func discard(_ temporaryFile: URL) {
        try? FileManager.default.removeItem(at: temporaryFile)
    }
}
