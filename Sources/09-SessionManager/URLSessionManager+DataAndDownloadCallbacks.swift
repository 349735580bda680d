import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The data-task and download-task callbacks. The response and finished-download hooks run before
/// the task's delegate hears of the event, because their answers decide what the delegate does
/// (whether the body is wanted, where the file goes); the others run after it.
extension URLSessionManager {
    // listing: response-disposition
    /// A data task's response. The hook may answer `.cancel`; Linux ignores that answer (the
    /// body keeps coming and the task succeeds), so the manager cancels the task itself.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        assertOnDelegateQueue()
        let disposition = hook(\.dataTaskDidReceiveResponse)?(session, dataTask, response) ?? .allow
        if disposition == .cancel, LinuxWorkarounds.isActive {
            cancelItself(dataTask, because: .responseRefused)
        } else {
            delegate(for: dataTask)?.didReceive(response: response)
        }
        completionHandler(disposition)
    }

    /// A chunk: the delegate takes it unless the task no longer runs, and the data hook hears only
    /// of chunks it took. Three locks, once each: the table's, the delegate's, the hooks'.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        assertOnDelegateQueue()
        guard let delegate = delegate(for: dataTask), delegate.didReceive(data: data) else { return }
        hook(\.dataTaskDidReceiveData)?(session, dataTask, data)
    }
    // end-listing

    // listing: did-become
    /// The data task became a download task (Darwin, after the response hook's `.becomeDownload`;
    /// Linux ignores that answer). URLSession says no more of the data task, so its row and its
    /// delegate move to the download task, as AFNetworking moves its task delegate.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask
    ) {
        assertOnDelegateQueue()
        hand(dataTask, over: downloadTask)
        hook(\.dataTaskDidBecomeDownloadTask)?(session, dataTask, downloadTask)
    }

    /// The data task became a stream task (`.becomeStream`): the same move. The hook is how the
    /// caller gets the stream task; the handler runs when the stream task completes.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask
    ) {
        assertOnDelegateQueue()
        hand(dataTask, over: streamTask)
        hook(\.dataTaskDidBecomeStreamTask)?(session, dataTask, streamTask)
    }

    /// Moves a task's row and delegate to the task it became, which gets the manager's description.
    private func hand(_ old: URLSessionTask, over new: URLSessionTask) {
        new.taskDescription = taskDescriptionForSessionTasks
        taskTable.move(old, to: new)?.delegate.move(to: new)
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        assertOnDelegateQueue()
        guard let hook = hook(\.dataTaskWillCacheResponse) else { return completionHandler(proposedResponse) }
        completionHandler(hook(session, dataTask, proposedResponse))
    }

    // listing: did-finish-downloading
    /// A download finished in a temporary file. Where it goes is decided here, once: the manager's
    /// hook names the place (AFNetworking: it overrides the task's own), else the task's own
    /// destination does; the task delegate then moves the file there, or deletes it when there is
    /// no place at all (Darwin deletes it after this callback, Linux leaves it behind).
    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        assertOnDelegateQueue()
        let delegate = delegate(for: downloadTask)
        let target =
            hook(\.downloadTaskDidFinishDownloading)?(session, downloadTask, location)
            ?? delegate?.proposedDestination(for: location)
        delegate?.didFinishDownloading(to: location, movingTo: target)
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        assertOnDelegateQueue()
        delegate(for: downloadTask)?.didWriteData(
            totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite)
        hook(\.downloadTaskDidWriteData)?(
            session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite)
    }

    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        assertOnDelegateQueue()
        delegate(for: downloadTask)?.didResume(atOffset: fileOffset, expectedTotalBytes: expectedTotalBytes)
        hook(\.downloadTaskDidResume)?(session, downloadTask, fileOffset, expectedTotalBytes)
    }
}
