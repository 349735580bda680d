import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TaskDelegates
import Tracing

/// The session-level and task-level callbacks. Each runs on the delegate queue, looks the task's
/// delegate up in the map, forwards the event, then calls the matching hook if one is set.
extension URLSessionManager {
    // listing: did-become-invalid
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        completeSilentTasks(of: session)
        hooks.sessionDidBecomeInvalid?(session, error)
        notificationCenter.post(name: .sessionDidInvalidate, object: session)
    }

    /// A task that was never resumed gets no callback at all when its session is invalidated and
    /// cancelled: it would keep its place in the map, and its completion handler would never run.
    /// (AFNetworking leaks it that way.) By the time the session says it is invalid, every running
    /// task has completed, so the tasks of that session still in the map are exactly those.
    private func completeSilentTasks(of session: URLSession) {
        let silent = notes.withLock { notes -> [Int] in
            let ids = notes.filter { $0.value.session == ObjectIdentifier(session) }.map(\.key)
            for id in ids { notes[id] = nil }
            return ids
        }
        for id in silent {
            guard let delegate = taskDelegates.remove(id) else { continue }
            delegate.didComplete(error: URLError(.cancelled), context: completionContext(for: delegate.task))
        }
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let hook = hooks.sessionDidReceiveChallenge else { return completionHandler(.performDefaultHandling, nil) }
        let (disposition, credential) = hook(session, challenge)
        completionHandler(disposition, credential)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let hook = hooks.taskWillPerformHTTPRedirection else { return completionHandler(request) }
        completionHandler(hook(session, task, response, request))
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
        guard let handler = hooks.authenticationChallengeHandler else { return answer(.performDefaultHandling, nil) }
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
        if let hook = hooks.taskNeedNewBodyStream { return completionHandler(hook(session, task)) }
        completionHandler(task.originalRequest?.httpBodyStream)
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        delegate(for: task)?.didSendBodyData(totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
        let total = ProgressBookkeeping.uploadTotal(reported: totalBytesExpectedToSend, request: task.originalRequest)
        hooks.taskDidSendBodyData?(session, task, bytesSent, totalBytesSent, total)
    }

    // listing: did-complete
    /// The task completed: its delegate leaves the map, then completes it (serializer, handler,
    /// notification), so that afterwards nothing of the task is left in the manager. AFNetworking
    /// removes it after; removing it first means a completion handler never finds its own task
    /// still in the map.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let taskNotes = notes.withLock { notes -> TaskNotes? in
            // After a reset, the new session numbers its tasks from 1 again: only this session's.
            guard notes[task.taskIdentifier]?.session == ObjectIdentifier(session) else { return nil }
            return notes.removeValue(forKey: task.taskIdentifier)
        }
        let error = LinuxWorkarounds.finalError(error, notes: taskNotes)
        if let delegate = delegate(for: task) {
            taskDelegates.remove(task.taskIdentifier)
            trace.record(.delegateMapRemoval, task: task.taskIdentifier, on: TracePlace.current, "\(self.taskDelegates.count) left in the map")
            delegate.didComplete(error: error, context: completionContext(for: task))
        }
        hooks.taskDidComplete?(session, task, error)
    }
    // end-listing
}
