import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tracing

/// The event methods: one per URLSession callback the owner forwards. Each one changes the state
/// under the lock, in one acquisition that also reads what the report needs, then (outside it)
/// moves a progress object and calls the caller's handler, on the queue the event arrived on: the
/// session's delegate queue.
extension TaskDelegate {
    // listing: did-receive-response
    /// A data task's response arrived. The buffer starts again: on Linux the body of a 401 reaches
    /// the delegate before the authentication challenge, so a task answered with a credential sees
    /// two responses, and only the last one's body belongs to the caller.
    public func didReceive(response: URLResponse) {
        let counts = state.withLock { state -> Counts? in
            guard case .running = state.phase else { return nil }
            state.response = response
            state.data = Data()
            let proposed = ProgressBookkeeping.expectedTotal(of: response)
            state.download.expected = ProgressBookkeeping.settableTotal(
                current: state.download.expected, proposed: proposed)
            state.download.done = 0
            return state.counts(.download)
        }
        guard let counts else { return }
        trace(.didReceiveResponse, TraceDetail.response(response))
        report(.download, counts)
    }
    // end-listing

    // listing: did-receive-data
    /// A chunk of a data task's body; says whether it was taken. The delegate counts the bytes
    /// itself: on Linux `countOfBytesReceived` stays 0 for data tasks. A chunk that arrives once
    /// the task has completed (on Linux, up to three after `cancel()`), or once its owner has
    /// cancelled it, is dropped: the phase is checked and the chunk appended in one acquisition of
    /// the lock, so no cancellation can land in between.
    @discardableResult
    public func didReceive(data: Data) -> Bool {
        let counts = state.withLock { state -> Counts? in
            guard case .running = state.phase else { return nil }
            state.data.append(data)
            state.download.done += Int64(data.count)
            return state.counts(.download)
        }
        guard let counts else { return false }
        trace(.didReceiveData, "\(data.count) bytes, \(counts.completed) so far")
        report(.download, counts)
        return true
    }
    // end-listing

    /// Some of the request's body went out. URLSession's own totals are used, except an unknown
    /// expected total, which falls back to the length the request declared when the task was
    /// made. Returns the total used, which chapter 9's send-body hook is given too.
    @discardableResult
    package func didSendBodyData(totalBytesSent: Int64, totalBytesExpectedToSend: Int64) -> Int64 {
        let total = ProgressBookkeeping.uploadTotal(reported: totalBytesExpectedToSend, declared: declaredBodyLength)
        guard let counts = record(.upload, total: total, completed: totalBytesSent) else { return total }
        trace(.didSendBodyData, "\(totalBytesSent) of \(total) bytes sent")
        report(.upload, counts)
        return total
    }

    /// Some of a download was written to its temporary file.
    package func didWriteData(totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        trace(.didWriteData, "\(totalBytesWritten) of \(totalBytesExpectedToWrite) bytes written")
        recordDownload(total: totalBytesExpectedToWrite, completed: totalBytesWritten)
    }

    /// A download resumed from resume data, `fileOffset` bytes already on disk.
    package func didResume(atOffset fileOffset: Int64, expectedTotalBytes: Int64) {
        recordDownload(total: expectedTotalBytes, completed: fileOffset)
    }

    private func recordDownload(total: Int64, completed: Int64) {
        let total = total < 0 ? ProgressBookkeeping.unknown : total
        if let counts = record(.download, total: total, completed: completed) { report(.download, counts) }
    }

    /// Records a direction's counts, unless the task no longer runs (then nil).
    private func record(_ direction: Direction, total: Int64, completed: Int64) -> Counts? {
        state.withLock { state in
            guard case .running = state.phase else { return nil }
            state[direction].expected = total
            state[direction].done = completed
            return state.counts(direction)
        }
    }

    // listing: cancel-by-owner
    /// The owner cancels the task itself, for `reason`: from now on no event changes the state, and
    /// the reason decides the error the task completes with. Only the first reason counts; false
    /// when there was one already, or when the task has completed. (The owner then calls the
    /// task's `cancel()`, or answers a challenge with a cancellation.)
    package func cancel(byOwner reason: any OwnerCancellation) -> Bool {
        state.withLock { state in
            guard case .running = state.phase else { return false }
            state.phase = .cancelledByOwner(reason)
            return true
        }
    }
    // end-listing

    // listing: report-progress
    /// Moves a direction's progress object, if it exists or a handler waits for it, and calls the
    /// handler. Events arrive one at a time on the delegate queue, so two reports never interleave.
    /// `counts` were read with the event's change: a task nobody watches takes the lock once.
    func report(_ direction: Direction, _ counts: Counts) {
        let handler = direction == .upload ? uploadProgressHandler : downloadProgressHandler
        guard let progress = counts.progress ?? handler.map({ _ in self.progress(direction) }) else { return }
        progress.totalUnitCount = ProgressBookkeeping.settableTotal(
            current: progress.totalUnitCount, proposed: counts.total)
        progress.completedUnitCount = counts.completed
        handler?(progress)
    }
    // end-listing
}
