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
    /// body keeps coming and the task succeeds), so the manager cancels the task itself and
    /// drops the data that is already on its way.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let disposition = hook(\.dataTaskDidReceiveResponse)?(session, dataTask, response) ?? .allow
        if disposition == .cancel, LinuxWorkarounds.isActive {
            note(dataTask) { $0.discardsData = true }
            dataTask.cancel()
        } else {
            delegate(for: dataTask)?.didReceive(response: response)
        }
        completionHandler(disposition)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard notes(for: dataTask)?.discardsData != true else { return }
        delegate(for: dataTask)?.didReceive(data: data)
        hook(\.dataTaskDidReceiveData)?(session, dataTask, data)
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        guard let hook = hook(\.dataTaskWillCacheResponse) else { return completionHandler(proposedResponse) }
        completionHandler(hook(session, dataTask, proposedResponse))
    }

    // listing: did-finish-downloading
    /// A download finished in a temporary file. The manager's hook may name the destination
    /// (AFNetworking: it overrides the task's own); the task delegate then moves the file and posts
    /// the move notification. With no destination at all, the file is deleted: Darwin deletes it
    /// after this callback, Linux leaves it behind.
    public func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let override = hook(\.downloadTaskDidFinishDownloading)?(session, downloadTask, location)
        if let override { note(downloadTask) { $0.destinationOverride = override } }
        guard let delegate = delegate(for: downloadTask), override != nil || notes(for: downloadTask)?.hasDestination == true else {
            try? FileManager.default.removeItem(at: location)
            return
        }
        delegate.didFinishDownloading(to: location)
    }
    // end-listing

    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        delegate(for: downloadTask)?.didWriteData(totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite)
        hook(\.downloadTaskDidWriteData)?(session, downloadTask, bytesWritten, totalBytesWritten, totalBytesExpectedToWrite)
    }

    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64
    ) {
        delegate(for: downloadTask)?.didResume(atOffset: fileOffset, expectedTotalBytes: expectedTotalBytes)
        hook(\.downloadTaskDidResume)?(session, downloadTask, fileOffset, expectedTotalBytes)
    }
}
