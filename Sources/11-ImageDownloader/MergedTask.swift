import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: merged-task
/// One download that several callers wait on: AFNetworking's `AFImageDownloaderMergedTask`.
struct MergedTask: Sendable {
    /// Tells this download apart from a later one for the same URL: once every caller has
    /// cancelled, a new request starts a new merged task, while the old task may still complete.
    let identifier = UUID()
    /// The key in the downloader's table: the request's absolute URL.
    let urlIdentifier: String
    /// The first caller's request, the one sent.
    let request: URLRequest
    /// Each caller's closures, in the order the callers came.
    var handlers: [ResponseHandler]
    /// Nil while the download waits in the queue: the task is made when a slot frees.
    var task: URLSessionDataTask?
    var isStarted = false
}

/// One caller's closures, under its receipt's identifier (`AFImageDownloaderResponseHandler`).
struct ResponseHandler: Sendable {
    let receiptID: UUID
    let success: ImageDownloader.Success?
    let failure: ImageDownloader.Failure?
}
// end-listing

// listing: download-state
/// Everything the downloader's lock guards. AFNetworking guards the first three fields by running
/// every access on its serial `synchronizationQueue` with `dispatch_sync`.
struct DownloadState {
    /// The downloads not yet finished, waiting or running, one per URL.
    var mergedTasks: [String: MergedTask] = [:]
    /// The URLs of the downloads waiting for a slot, the next to start first.
    var queue: [String] = []
    /// Tasks started and not yet completed, cancelled ones included until their completion
    /// arrives: URLSession is still working on them.
    var activeRequestCount = 0
    /// How many downloads have finished and left `mergedTasks`, their image in the cache by then:
    /// a caller that asked the cache before one finished asks again.
    var finishedDownloads = 0
}
// end-listing

extension DownloadState {
    /// Whether `merged` is still the download for its URL: no caller cancelled it all, and no newer
    /// download of the same URL took its place.
    func isCurrent(_ merged: MergedTask) -> Bool {
        mergedTasks[merged.urlIdentifier]?.identifier == merged.identifier
    }

    /// Adds `handler` to the download of `urlIdentifier` already on its way, if there is one.
    mutating func join(_ urlIdentifier: String, _ handler: ResponseHandler) -> ImageDownloader.Decision? {
        guard mergedTasks[urlIdentifier] != nil else { return nil }
        mergedTasks[urlIdentifier]!.handlers.append(handler)
        return .joined(handlers: mergedTasks[urlIdentifier]!.handlers.count)
    }
}

// listing: download-queue
extension DownloadState {
    /// Puts a new download in the queue: at the back (FIFO) or at the front (LIFO).
    mutating func enqueue(_ urlIdentifier: String, _ prioritization: DownloadPrioritization) {
        switch prioritization {
        case .fifo: queue.append(urlIdentifier)
        case .lifo: queue.insert(urlIdentifier, at: 0)
        }
    }

    /// Takes as many waiting downloads as there are free slots, counts them as active and marks
    /// them started. The caller makes and resumes their tasks once the lock is released.
    mutating func takeStartable(maximumActiveDownloads: Int) -> [MergedTask] {
        var started: [MergedTask] = []
        while activeRequestCount < maximumActiveDownloads, !queue.isEmpty {
            let urlIdentifier = queue.removeFirst()
            guard var merged = mergedTasks[urlIdentifier] else { continue }
            merged.isStarted = true
            mergedTasks[urlIdentifier] = merged
            activeRequestCount += 1
            started.append(merged)
        }
        return started
    }
}
// end-listing
