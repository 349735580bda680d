import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Tracing

extension ImageDownloader {
    /// What `downloadImage` decided; it acts on it once the lock is released.
    enum Decision {
        case joined(handlers: Int)
        case cached(Image)
        case created(start: [MergedTask], waiting: Int)
    }

    // listing: download-image
    /// Joins the download of the same URL on its way, or answers from the image cache (asked with
    /// no lock held: it is the app's code), or starts a download. Returns the caller's receipt; nil
    /// for a cached image (`success` gets no response) or a request with no URL (`failure` gets
    /// `URLError(.badURL)`). Handlers run on `completionQueue`, after this method has returned.
    @discardableResult
    public func downloadImage(
        for request: URLRequest, receiptID: UUID = UUID(), success: Success? = nil, failure: Failure? = nil
    ) -> ImageDownloadReceipt? {
        guard let urlIdentifier = request.url?.absoluteString else { return fail(request, failure, URLError(.badURL)) }
        let handler = ResponseHandler(receiptID: receiptID, success: success, failure: failure)
        let prioritization = downloadPrioritization
        let cache = Self.mayUseImageCache(request.cachePolicy) ? imageCache : nil
        // end-listing
        // listing: download-image-decision
        var finishedWhenAsked = -1
        while true {
            let decision = state.withLock { state -> Decision? in
                // 1. Join the download already on its way.
                if let joined = state.join(urlIdentifier, handler) { return joined }
                // 2. Ask the cache (below), unless it was asked and no download has finished since.
                if cache != nil, state.finishedDownloads != finishedWhenAsked {
                    finishedWhenAsked = state.finishedDownloads
                    return nil
                }
                // 3. A new download, queued, and started if a slot is free.
                state.mergedTasks[urlIdentifier] = MergedTask(
                    urlIdentifier: urlIdentifier, request: request, handlers: [handler])
                state.enqueue(urlIdentifier, prioritization)
                return .created(
                    start: state.takeStartable(maximumActiveDownloads: maximumActiveDownloads),
                    waiting: state.queue.count)
            }
            if let decision { return act(on: decision, for: request, receiptID: receiptID, success: success) }
            guard let image = cache?.image(for: request, withAdditionalIdentifier: nil) else { continue }
            return act(on: .cached(image), for: request, receiptID: receiptID, success: success)
        }
    }
    // end-listing

    /// Calls `failure` later, on the completion queue, and returns no receipt.
    private func fail(_ request: URLRequest, _ failure: Failure?, _ error: URLError) -> ImageDownloadReceipt? {
        if let failure { completionQueue.async { failure(request, nil, error) } }
        return nil
    }

    /// The requests AFNetworking answers from the image cache: those whose cache policy allows a
    /// cached answer. A "reload" policy always goes to the network.
    static func mayUseImageCache(_ policy: URLRequest.CachePolicy) -> Bool {
        switch policy {
        case .useProtocolCachePolicy, .returnCacheDataElseLoad, .returnCacheDataDontLoad: true
        default: false
        }
    }

    private func act(on decision: Decision, for request: URLRequest, receiptID: UUID, success: Success?)
        -> ImageDownloadReceipt?
    {
        let trace = sessionManager.trace
        let place = TracePlace.current
        switch decision {
        case .joined(let handlers):
            trace.record(.mergedTask, on: place, "joined the download on its way: \(handlers) callers wait on it")
        case .cached(let image):
            trace.record(.imageCache, on: place, "hit: \(TraceText.describe(image)), no task")
            if let success { completionQueue.async { success(request, nil, image) } }
            return nil
        case .created(let start, let waiting):
            trace.record(
                .imageCache, on: place,
                Self.mayUseImageCache(request.cachePolicy) && imageCache != nil ? "miss" : "not asked (cache policy)")
            trace.record(.mergedTask, on: place, "new download, 1 caller")
            if start.isEmpty { trace.record(.downloadQueue, on: place, "waits: \(waiting) in the queue") }
            self.start(start)
        }
        return ImageDownloadReceipt(receiptID: receiptID, request: request)
    }

    // listing: cancel-receipt
    /// Cancels one caller's interest: its handlers are removed, and its failure handler gets
    /// `URLError(.cancelled)`. The task itself is cancelled only when no caller is left (and a
    /// download still waiting in the queue simply leaves it). A receipt whose download has
    /// already finished changes nothing.
    public func cancelTask(for receipt: ImageDownloadReceipt) {
        guard let urlIdentifier = receipt.request.url?.absoluteString else { return }
        let (handler, sent, orphan) = state.withLock { state -> (ResponseHandler?, URLRequest?, MergedTask?) in
            guard var merged = state.mergedTasks[urlIdentifier],
                let index = merged.handlers.firstIndex(where: { $0.receiptID == receipt.receiptID })
            else { return (nil, nil, nil) }
            let handler = merged.handlers.remove(at: index)
            guard merged.handlers.isEmpty else {
                state.mergedTasks[urlIdentifier] = merged
                return (handler, merged.request, nil)
            }
            state.mergedTasks[urlIdentifier] = nil
            if !merged.isStarted { state.queue.removeAll { $0 == urlIdentifier } }
            return (handler, merged.request, merged)
        }
        orphan?.task?.cancel()
        guard let failure = handler?.failure, let sent else { return }
        let error = URLError(
            .cancelled,
            userInfo: [NSLocalizedFailureReasonErrorKey: "ImageDownloader cancelled URL request: \(urlIdentifier)"])
        // The download's request, the first caller's, as AFNetworking hands over its task's.
        completionQueue.async { failure(sent, nil, error) }
    }
    // end-listing
}
