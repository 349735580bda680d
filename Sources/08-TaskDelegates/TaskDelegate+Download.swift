import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracing

extension TaskDelegate {
    /// Where this task's own `destination` puts a file finished at `temporaryURL`, asked once the
    /// file is there (the response is known by then); nil without a destination. The owner decides
    /// with it: the forwarding delegate takes it as it is, chapter 9's manager lets its hook
    /// overrule it, as AFNetworking's manager does.
    package func proposedDestination(for temporaryURL: URL) -> URL? {
        destination?(temporaryURL, task.response)
    }

    // listing: download-move
    /// A download finished in a temporary file: move it to `target`, the place its owner decided,
    /// and post the success or the failure notification (on the delegate queue, as AFNetworking
    /// does). The target is remembered even when the move fails: the handler gets it anyway.
    ///
    /// Darwin deletes the temporary file when this callback returns; Linux leaves it behind. So
    /// the delegate deletes whatever it did not move: with no target, after a failed move, or once
    /// the task no longer runs (it completed, or its owner cancelled it).
    package func didFinishDownloading(to location: URL, movingTo target: URL?) {
        guard let target, remember(target) else { return discard(location) }
        do {
            try FileManager.default.moveItem(at: location, to: target)
            trace(.didFinishDownloading, "moved to \(target.lastPathComponent)")
            notificationCenter.post(name: .downloadTaskDidMoveFileSuccessfully, object: task)
        } catch {
            state.withLock { $0.downloadMoveError = error }
            trace(.didFinishDownloading, "could not move to \(target.path): \(TraceDetail.describe(error))")
            notificationCenter.post(
                name: .downloadTaskDidFailToMoveFile, object: task, userInfo: (error as NSError).userInfo)
            discard(location)
        }
    }
    // end-listing

    /// Records where the file goes, in the step that checks the task still runs; false if not.
    private func remember(_ target: URL) -> Bool {
        state.withLock { state in
            guard case .running = state.phase else { return false }
            state.downloadFileURL = target
            return true
        }
    }

    private func discard(_ temporaryFile: URL) {
        try? FileManager.default.removeItem(at: temporaryFile)
    }
}
