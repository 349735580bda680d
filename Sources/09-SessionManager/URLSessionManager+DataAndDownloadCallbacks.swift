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
    /// body keeps coming and the task succeeds), so the manager cancels the task itself, with
    /// the reason in its record, and drops the data that is already on its way.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        assertOnDelegateQueue()
        let disposition = hook(\.dataTaskDidReceiveResponse)?(session, dataTask, response) ?? .allow
        if disposition == .cancel, LinuxWorkarounds.isActive {
            _ = taskTable.noteCancellation(of: dataTask, because: .responseRefused)
            dataTask.cancel()
        } else {
            delegate(for: dataTask)?.didReceive(response: response)
        }
        completionHandler(disposition)
    }

    /// One lookup finds the delegate and the record; a task the manager has cancelled takes no
    /// more data. A chunk takes three locks, once each: the table's, the delegate's, the hooks'.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        assertOnDelegateQueue()
        guard let row = taskTable.row(for: dataTask), row.record.cancellation == nil else { return }
        row.delegate.didReceive(data: data)
        hook(\.dataTaskDidReceiveData)?(session, dataTask, data)
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
