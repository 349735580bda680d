import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageInflation
import Locking

/// Downloads images for many callers at once (AFNetworking's `AFImageDownloader`): requests for
/// the same URL while one is on its way share one task and one decode; at most
/// `maximumActiveDownloads` tasks run, the others wait in a FIFO or LIFO queue; a downloaded image
/// goes into `imageCache`, and a cached one is handed back without a task.
///
/// Every caller gets a receipt, and cancelling a receipt removes that caller only: the task is
/// cancelled when no caller is left. Handlers run on `completionQueue`.
public final class ImageDownloader: Sendable {
    /// The request, the response (nil for an image from the cache) and the image.
    public typealias Success = @Sendable (URLRequest, HTTPURLResponse?, Image) -> Void
    /// The request, the response if one arrived, and why there is no image.
    public typealias Failure = @Sendable (URLRequest, HTTPURLResponse?, any Error) -> Void

    // listing: downloader-properties
    /// Makes and runs the tasks (chapter 10's manager, chapter 9's underneath).
    public let sessionManager: HTTPSessionManager
    /// Where downloaded images go, and where a request looks first. Nil: no image cache.
    public let imageCache: (any ImageRequestCache)?
    /// How many tasks may run at once; the other downloads wait in the queue.
    package let maximumActiveDownloads: Int
    /// Turns each body into an image (chapter 7), given to every task this downloader makes, so
    /// that the manager's own serializer is left as it is.
    package let responseSerializer: ImageResponseSerializer

    /// The merged tasks, the queue and the count of running tasks, under the course's one lock.
    let state = Protected(DownloadState())
    let settings: Protected<Settings>
    /// AFNetworking's concurrent response queue: this downloader's own manager runs its completion
    /// handlers there (and so the decision what to do with a finished task), never on the main queue.
    let responseQueue: DispatchQueue

    struct Settings {
        var downloadPrioritization: DownloadPrioritization
        var completionQueue: DispatchQueue = .main
    }
    // end-listing

    /// A downloader that runs its tasks on `sessionManager`, which it leaves as it is (serializer,
    /// queues): its manager's completion queue is where the downloader decides what to do with
    /// each finished task, so give it one that is not busy.
    public init(
        sessionManager: HTTPSessionManager, downloadPrioritization: DownloadPrioritization = .fifo,
        maximumActiveDownloads: Int = 4,
        imageCache: (any ImageRequestCache)? = AutoPurgingImageCache(),
        responseSerializer: ImageResponseSerializer = ImageResponseSerializer()
    ) {
        self.sessionManager = sessionManager
        self.maximumActiveDownloads = max(1, maximumActiveDownloads)
        self.imageCache = imageCache
        self.responseSerializer = responseSerializer
        settings = Protected(Settings(downloadPrioritization: downloadPrioritization))
        responseQueue = DispatchQueue(
            label: "com.alamofire.imagedownloader.responsequeue-\(UUID().uuidString)", attributes: .concurrent)
    }

    /// A downloader with a manager of its own for `configuration`, AFNetworking's defaults
    /// otherwise: FIFO, 4 downloads at once, an `AutoPurgingImageCache` of 100 MB.
    public convenience init(configuration: URLSessionConfiguration = ImageDownloader.defaultURLSessionConfiguration()) {
        self.init(sessionManager: HTTPSessionManager(configuration: configuration))
        sessionManager.completionQueue = responseQueue
    }

    /// One downloader for the whole process, with the defaults (AFNetworking's `defaultInstance`).
    public static let defaultInstance = ImageDownloader()

    /// The order in which waiting downloads start; a change applies to downloads asked for after it.
    public var downloadPrioritization: DownloadPrioritization {
        get { settings.withLock { $0.downloadPrioritization } }
        set { settings.withLock { $0.downloadPrioritization = newValue } }
    }

    /// Where success and failure handlers run. Default: the main queue, as in AFNetworking.
    public var completionQueue: DispatchQueue {
        get { settings.withLock { $0.completionQueue } }
        set { settings.withLock { $0.completionQueue = newValue } }
    }

    /// How many tasks run now, and how many downloads wait for a slot.
    public var activity: (running: Int, waiting: Int) {
        state.withLock { ($0.activeRequestCount, $0.queue.count) }
    }
}
