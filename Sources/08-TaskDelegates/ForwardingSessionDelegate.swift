import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The barest session delegate that can use task delegates: it keeps one `TaskDelegate` per task
/// and forwards each URLSession callback to it. Chapter 9's `URLSessionManager` replaces it with
/// the real thing (creating the tasks, the notifications, invalidation); this one exists so that
/// this chapter's tests and examples can drive real tasks.
package final class ForwardingSessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private let context: CompletionContext
    private let credential: URLCredential?
    /// Keyed by the task object, as chapter 9's task table is: a task's number is unique only
    /// within one session.
    private let delegates = Protected<[ObjectIdentifier: TaskDelegate]>([:])

    /// `credential` answers an authentication challenge once; without one, or when it was refused,
    /// the task completes with the 401 (`answerWithoutCredential`).
    package init(context: CompletionContext, credential: URLCredential? = nil) {
        self.context = context
        self.credential = credential
    }

    /// Registers a task's delegate. Do it before the task is resumed.
    package func add(_ delegate: TaskDelegate) {
        delegates.withLock { $0[ObjectIdentifier(delegate.task)] = delegate }
    }

    private func delegate(for task: URLSessionTask) -> TaskDelegate? {
        delegates.withLock { $0[ObjectIdentifier(task)] }
    }

    // listing: forwarding
    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        delegate(for: dataTask)?.didReceive(response: response)
        completionHandler(.allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        delegate(for: dataTask)?.didReceive(data: data)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // Out of the dictionary first, then complete: the lock is never held while calling out.
        let delegate = delegates.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
        delegate?.didComplete(error: error, context: context)
    }
    // end-listing

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        delegate(for: task)?.didSendBodyData(
            totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
    }

    package func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        delegate(for: downloadTask)?.didWriteData(
            totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite)
    }

    package func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        delegate(for: downloadTask)?.didResume(atOffset: fileOffset, expectedTotalBytes: expectedTotalBytes)
    }

    /// The task's own destination decides where the file goes: this delegate has no hook to
    /// overrule it.
    package func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        guard let delegate = delegate(for: downloadTask) else { return }
        delegate.didFinishDownloading(to: location, movingTo: delegate.proposedDestination(for: location))
    }

    /// Answered at task level: with the credential once, else as Darwin answers a challenge nobody
    /// can meet (`answerWithoutCredential`, which never asks Linux for the default handling).
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let credential, challenge.previousFailureCount == 0 { return completionHandler(.useCredential, credential) }
        answerWithoutCredential(completionHandler) { self.urlSession(session, task: task, didCompleteWithError: nil) }
    }
}
