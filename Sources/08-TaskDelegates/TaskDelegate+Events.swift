import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracing

/// The event methods: one per URLSession callback the owner forwards. Each one changes the state
/// under the lock, then (outside it) moves a progress object and calls the caller's handler, on
/// the queue the event arrived on: the session's delegate queue.
extension TaskDelegate {
    // listing: did-receive-response
    /// A data task's response arrived. The buffer starts again: on Linux the body of a 401 reaches
    /// the delegate before the authentication challenge, so a task answered with a credential sees
    /// two responses, and only the last one's body belongs to the caller.
    public func didReceive(response: URLResponse) {
        let proposed = ProgressBookkeeping.expectedTotal(of: response)
        let total = ProgressBookkeeping.settableTotal(current: downloadProgress.totalUnitCount, proposed: proposed)
        let accepted = state.withLock { state in
            guard !state.isCompleted else { return false }
            state.response = response
            state.data = Data()
            state.expectedToReceive = total
            state.received = 0
            return true
        }
        guard accepted else { return }
        trace(.didReceiveResponse, TraceDetail.response(response))
        report(downloadProgress, total: total, completed: 0, to: downloadProgressHandler)
    }
    // end-listing

    // listing: did-receive-data
    /// A chunk of a data task's body. The delegate counts the bytes itself: on Linux
    /// `countOfBytesReceived` stays 0 for data tasks. Chunks that arrive after completion (on
    /// Linux, up to three after `cancel()`) are dropped.
    public func didReceive(data: Data) {
        let counts = state.withLock { state -> (total: Int64, completed: Int64)? in
            guard !state.isCompleted else { return nil }
            state.data.append(data)
            state.received += Int64(data.count)
            return (state.expectedToReceive, state.received)
        }
        guard let counts else { return }
        trace(.didReceiveData, "\(data.count) bytes, \(counts.completed) so far")
        report(downloadProgress, total: counts.total, completed: counts.completed, to: downloadProgressHandler)
    }
    // end-listing

    /// Some of the request's body went out. URLSession's own totals are used, except an unknown
    /// expected total, which falls back to the request's `Content-Length`.
    public func didSendBodyData(totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard !isCompleted else { return }
        let total = ProgressBookkeeping.uploadTotal(reported: totalBytesExpectedToSend, request: task.originalRequest)
        trace(.didSendBodyData, "\(totalBytesSent) of \(total) bytes sent")
        report(uploadProgress, total: total, completed: totalBytesSent, to: uploadProgressHandler)
    }

    /// Some of a download was written to its temporary file.
    public func didWriteData(totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        trace(.didWriteData, "\(totalBytesWritten) of \(totalBytesExpectedToWrite) bytes written")
        recordDownload(total: totalBytesExpectedToWrite, completed: totalBytesWritten)
    }

    /// A download resumed from resume data, `fileOffset` bytes already on disk.
    public func didResume(atOffset fileOffset: Int64, expectedTotalBytes: Int64) {
        recordDownload(total: expectedTotalBytes, completed: fileOffset)
    }

    private func recordDownload(total: Int64, completed: Int64) {
        let accepted = state.withLock { state in
            guard !state.isCompleted else { return false }
            state.expectedToReceive = total < 0 ? ProgressBookkeeping.unknown : total
            state.received = completed
            return true
        }
        if accepted { report(downloadProgress, total: total, completed: completed, to: downloadProgressHandler) }
    }

    /// Moves a progress object and tells the caller. Events arrive one at a time on the delegate
    /// queue, so two reports never interleave.
    func report(_ progress: Progress, total: Int64, completed: Int64, to handler: ProgressHandler?) {
        progress.totalUnitCount = ProgressBookkeeping.settableTotal(current: progress.totalUnitCount, proposed: total)
        progress.completedUnitCount = completed
        handler?(progress)
    }
}
