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
        assertOnDelegateQueue()
        completeSilentTasks(of: session)
        hook(\.sessionDidBecomeInvalid)?(session, error)
        notificationCenter.post(name: .sessionDidInvalidate, object: session)
    }

    /// On Darwin a task never resumed gets no callback when its session is invalidated and
    /// cancelled, and would keep its row, its handler never run (AFNetworking leaks it). Every
    /// running task has completed by now, so the session's rows still in the table are those.
    private func completeSilentTasks(of session: URLSession) {
        for row in taskTable.rows(of: session) {
            complete(row.delegate.task, in: session, reportedError: URLError(.cancelled))
        }
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        assertOnDelegateQueue()
        guard let answer = hook(\.sessionDidReceiveChallenge) else {
            return completionHandler(.performDefaultHandling, nil)
        }
        let (disposition, credential) = answer(session, challenge)
        completionHandler(disposition, credential)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        assertOnDelegateQueue()
        let next =
            hook(\.taskWillPerformHTTPRedirection).map { redirect in redirect(session, task, response, request) }
            ?? request
        completionHandler(LinuxWorkarounds.redirect(next, after: response, of: task))
    }

    /// A task-level challenge (HTTP Basic or Digest). The handler's answer becomes a disposition;
    /// with no handler the answer is the default handling, as in AFNetworking, given through
    /// `answer`, which never asks Linux for it (chapter 8's `answerWithoutCredential`).
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        assertOnDelegateQueue()
        let answer = answeringDefaultHandling(for: task, in: session, completionHandler)
        guard let handler = hook(\.authenticationChallengeHandler) else { return answer(.performDefaultHandling, nil) }
        switch handler(session, task, challenge, answer) {
        case .later:
            return
        case .credential(let credential):
            answer(.useCredential, credential)
        case .disposition(let disposition):
            answer(disposition, nil)
        case .failure(let error):
            noteCancellation(of: task, because: .challengeFailed(error))
            answer(.cancelAuthenticationChallenge, nil)
        }
    }

    /// URLSession's completion handler, except that `.performDefaultHandling`, whoever gives it
    /// and whenever, goes through `answerWithoutCredential`: on Linux the task is completed on the
    /// spot with the 401 and its body, through the same `complete` as every other task.
    private func answeringDefaultHandling(
        for task: URLSessionTask, in session: URLSession,
        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) -> @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void {
        { [weak self] disposition, credential in
            guard disposition == .performDefaultHandling, let self else {
                return completionHandler(disposition, credential)
            }
            answerWithoutCredential(completionHandler) { self.complete(task, in: session, reportedError: nil) }
        }
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // No queue check: Linux asks for the stream during `resume()`, on the caller's thread.
        // AFNetworking copies the original request's stream when the stream can be copied; a
        // Foundation `InputStream` cannot, so the original, still unread, is handed over.
        if let newStream = hook(\.taskNeedNewBodyStream) { return completionHandler(newStream(session, task)) }
        completionHandler(task.originalRequest?.httpBodyStream)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        assertOnDelegateQueue()
        // The delegate knows the total (the request's declared length, when URLSession knows none).
        let total =
            delegate(for: task)?.didSendBodyData(
                totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
            ?? totalBytesExpectedToSend
        hook(\.taskDidSendBodyData)?(session, task, bytesSent, totalBytesSent, total)
    }

    // listing: did-complete
    /// URLSession says the task completed.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        assertOnDelegateQueue()
        complete(task, in: session, reportedError: error)
    }

    /// Completes one of the manager's tasks, once, whoever asks. The task's delegate decides (nil:
    /// another finisher came first); then the row leaves the table, the delegate completes
    /// (serializer, handler, notification), and the hook runs.
    func complete(_ task: URLSessionTask, in session: URLSession, reportedError: (any Error)?) {
        guard let row = taskTable.row(for: task),
            let completion = row.delegate.takeCompletion(reportedError: reportedError)
        else { return }
        taskTable.remove(task)
        trace.record(
            .taskTableRemoval, task: task.taskIdentifier, on: TracePlace.current,
            "\(self.taskTable.count) left in the table")
        row.delegate.complete(completion, context: completionContext(serializer: row.responseSerializer))
        hook(\.taskDidComplete)?(session, task, completion.error)
    }
    // end-listing
}
