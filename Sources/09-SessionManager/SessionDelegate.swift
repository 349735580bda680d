import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates
import Tracing

/// The session-level and task-level callbacks, on the delegate queue. A callback that reports an
/// event forwards it to the task's delegate, then calls the matching hook if one is set; one whose
/// answer steers the task (a redirect, a challenge) asks the hook, or does what URLSession does for
/// a delegate without the method.
extension URLSessionManager {
    // listing: did-become-invalid
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        completeSilentTasks(of: session)
        hook(\.sessionDidBecomeInvalid)?(session, error)
        notificationCenter.post(name: .sessionDidInvalidate, object: session)
    }

    /// A task that was never resumed gets no callback at all when its session is invalidated and
    /// cancelled on Darwin: it would keep its row in the table, and its completion handler would
    /// never run. (AFNetworking leaks it that way.) By the time the session says it is invalid,
    /// every running task has completed, so the rows of that session still in the table are
    /// exactly those.
    private func completeSilentTasks(of session: URLSession) {
        for row in taskTable.removeAll(of: session) {
            row.delegate.didComplete(error: URLError(.cancelled), context: completionContext(serializer: row.responseSerializer))
        }
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let answer = hook(\.sessionDidReceiveChallenge) else { return completionHandler(.performDefaultHandling, nil) }
        let (disposition, credential) = answer(session, challenge)
        completionHandler(disposition, credential)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let next = hook(\.taskWillPerformHTTPRedirection).map { redirect in redirect(session, task, response, request) } ?? request
        completionHandler(LinuxWorkarounds.redirect(next, after: response, of: task))
    }

    // listing: task-challenge
    /// A task-level challenge (HTTP Basic or Digest). The handler's answer becomes a disposition;
    /// with no handler the answer is the default handling, as in AFNetworking. On Linux the
    /// default handling with no usable credential hangs the task forever, so `answer` replaces it.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let answer = safeChallengeCompletion(for: task, completionHandler)
        guard let handler = hook(\.authenticationChallengeHandler) else { return answer(.performDefaultHandling, nil) }
        switch handler(session, task, challenge, answer) {
        case .later:
            return
        case .credential(let credential):
            answer(.useCredential, credential)
        case .disposition(let disposition):
            answer(disposition, nil)
        case .failure(let error):
            note(task) { $0.challengeError = error }
            answer(.cancelAuthenticationChallenge, nil)
        }
    }
    // end-listing

    // listing: safe-challenge
    /// The completion handler with Linux's hang taken out: `.performDefaultHandling` becomes
    /// `.cancelAuthenticationChallenge`, and the task is marked so that the -999 it then completes
    /// with is turned back into a normal completion carrying the 401 and its body.
    private func safeChallengeCompletion(
        for task: URLSessionTask, _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) -> @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void {
        guard LinuxWorkarounds.isActive else { return completionHandler }
        return { [weak self, weak task] disposition, credential in
            guard disposition == .performDefaultHandling, let task else { return completionHandler(disposition, credential) }
            self?.note(task) { $0.cancelledChallengeForDefaultHandling = true }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // AFNetworking copies the original request's stream when the stream can be copied; a
        // Foundation `InputStream` cannot, so the original, still unread, is handed over.
        if let newStream = hook(\.taskNeedNewBodyStream) { return completionHandler(newStream(session, task)) }
        completionHandler(task.originalRequest?.httpBodyStream)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        delegate(for: task)?.didSendBodyData(totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
        let total = ProgressBookkeeping.uploadTotal(reported: totalBytesExpectedToSend, request: task.originalRequest)
        hook(\.taskDidSendBodyData)?(session, task, bytesSent, totalBytesSent, total)
    }

    // listing: did-complete
    /// The task completed: its row leaves the table, then its delegate completes it (serializer,
    /// handler, notification), so that afterwards nothing of the task is left in the manager.
    /// Taking the row out is the one step that decides who completes the task: this callback, or
    /// an invalidation's clean-up, never both.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let row = taskTable.remove(task)
        let error = LinuxWorkarounds.finalError(error, notes: row?.notes)
        if let row {
            trace.record(.delegateMapRemoval, task: task.taskIdentifier, on: TracePlace.current, "\(self.taskTable.count) left in the table")
            row.delegate.didComplete(error: error, context: completionContext(serializer: row.responseSerializer))
        }
        hook(\.taskDidComplete)?(session, task, error)
    }
    // end-listing
}
