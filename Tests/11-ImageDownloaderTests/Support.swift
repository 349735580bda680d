import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import ResponseValidation
import TestSupport
import Testing

/// What one caller's handler received.
enum Answer: Sendable {
    case image(Image, HTTPURLResponse?)
    case failure(any Error, HTTPURLResponse?)

    var image: Image? {
        if case .image(let image, _) = self { image } else { nil }
    }

    var error: (any Error)? {
        if case .failure(let error, _) = self { error } else { nil }
    }

    var response: HTTPURLResponse? {
        switch self {
        case .image(_, let response), .failure(_, let response): response
        }
    }

    var urlErrorCode: URLError.Code? { (error as? URLError)?.code }
    var serializationReason: ResponseSerializationError.Reason? { (error as? ResponseSerializationError)?.reason }

    /// The number image `/image/numbered/{n}` was made from, read back from its first pixel.
    var imageNumber: Int? {
        guard let pixel = image?.bitmap?.pixel(x: 0, y: 0), pixel.blue == 128 else { return nil }
        return Int(pixel.red) << 8 | Int(pixel.green)
    }
}

/// Every answer each caller received, in the order they arrived: a test asks for one key per
/// caller and checks that each got exactly one.
final class Answers: Sendable {
    private let answers = Locked<[String: [Answer]]>([:])
    private let order = Locked<[String]>([])

    var success: @Sendable (String) -> ImageDownloader.Success {
        { key in { _, response, image in self.record(key, .image(image, response)) } }
    }

    var failure: @Sendable (String) -> ImageDownloader.Failure {
        { key in { _, response, error in self.record(key, .failure(error, response)) } }
    }

    func record(_ key: String, _ answer: Answer) {
        answers.withLock { $0[key, default: []].append(answer) }
        order.withLock { $0.append(key) }
    }

    subscript(key: String) -> [Answer] { answers.withLock { $0[key] ?? [] } }
    var keys: [String] { order.value }
    var count: Int { answers.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// Waits until `count` answers have arrived; false if they did not within `seconds`.
    func wait(for count: Int, within seconds: Double = 60) async -> Bool {
        await eventually(within: seconds) { self.count >= count }
    }
}

/// A downloader on a fresh HTTPBin, with its own manager, queues and notification center, so
/// that tests can run in parallel and never depend on a main run loop.
final class Harness: Sendable {
    let server: HTTPBin
    let downloader: ImageDownloader
    let cache: AutoPurgingImageCache
    let center = NotificationCenter()
    let completionQueue: DispatchQueue
    let notificationQueue = DispatchQueue(label: "test.notifications")
    let answers = Answers()

    init(
        server: HTTPBin, maximumActiveDownloads: Int, prioritization: DownloadPrioritization,
        cache: AutoPurgingImageCache,
        imageCache: (any ImageRequestCache)?, completionQueue: DispatchQueue
    ) {
        self.server = server
        self.cache = cache
        self.completionQueue = completionQueue
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        // Hang guards, not speed limits: a sanitized build on a loaded 2-core machine can take
        // seconds over a request that takes a millisecond otherwise.
        configuration.timeoutIntervalForRequest = 60
        let manager = HTTPSessionManager(configuration: configuration, notificationCenter: center)
        manager.completionQueue = DispatchQueue(label: "test.manager.completion", attributes: .concurrent)
        manager.notificationQueue = notificationQueue
        downloader = ImageDownloader(
            sessionManager: manager, downloadPrioritization: prioritization,
            maximumActiveDownloads: maximumActiveDownloads,
            imageCache: imageCache ?? cache)
        downloader.completionQueue = completionQueue
    }

    static func with<T>(
        maximumActiveDownloads: Int = 4, prioritization: DownloadPrioritization = .fifo,
        cache: AutoPurgingImageCache = AutoPurgingImageCache(),
        imageCache: (any ImageRequestCache)? = nil,
        completionQueue: DispatchQueue = DispatchQueue(label: "test.downloader.completion"),
        _ body: (Harness) async throws -> T
    ) async throws -> T {
        try await HTTPBin.serving { server in
            let harness = Harness(
                server: server, maximumActiveDownloads: maximumActiveDownloads, prioritization: prioritization,
                cache: cache,
                imageCache: imageCache, completionQueue: completionQueue)
            defer { harness.downloader.sessionManager.invalidateSession(cancelingTasks: true) }
            return try await body(harness)
        }
    }

    func request(_ path: String) -> URLRequest {
        URLRequest(url: server.url(path))
    }

    /// Asks for `path` as the caller `key`, its answer recorded in `answers`.
    @discardableResult
    func download(_ path: String, as key: String, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy)
        -> ImageDownloadReceipt?
    {
        var request = request(path)
        request.cachePolicy = cachePolicy
        return downloader.downloadImage(for: request, success: answers.success(key), failure: answers.failure(key))
    }

    /// Asks for `path` and waits for the one answer.
    func answer(_ path: String, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy) async -> Answer? {
        let key = UUID().uuidString
        download(path, as: key, cachePolicy: cachePolicy)
        _ = await eventually(within: 60) { !self.answers[key].isEmpty }
        return answers[key].first
    }

    /// How many requests HTTPBin received for exactly this path and query.
    func hits(_ path: String) -> Int {
        server.requests.filter { $0.uri == path }.count
    }

    /// The paths HTTPBin received, in order, among `paths`.
    func arrivals(among paths: [String]) -> [String] {
        server.requests.map(\.uri).filter(paths.contains)
    }

    /// Fills every download slot with a response that never comes (HTTPBin's stall): the downloads
    /// asked for next wait in the queue, however fast the network, until `release` cancels the
    /// stalls. This is how the tests make "a download still on its way" certain rather than likely.
    func blockSlots() async -> Blocker {
        let receipts = (0..<downloader.maximumActiveDownloads).compactMap { index in
            downloader.downloadImage(for: request("/fault/stall-after-headers?slot=\(index)"))
        }
        _ = await eventually(within: 60) {
            self.server.requests.filter { $0.path == "/fault/stall-after-headers" }.count == receipts.count
        }
        return Blocker(downloader: downloader, receipts: receipts)
    }

    /// True once no task is running and no download waits, in the downloader and in URLSession.
    func isIdle() async -> Bool {
        let settled = await eventually(within: 60) { self.downloader.activity == (0, 0) }
        let running = await runningTasks()
        return settled && running.isEmpty
    }

    /// The tasks URLSession still runs for this downloader's manager.
    func runningTasks() async -> [URLSessionTask] {
        let session = downloader.sessionManager.session
        return await withCheckedContinuation { continuation in
            session.getAllTasks { continuation.resume(returning: $0) }
        }
    }
}

struct Blocker: Sendable {
    let downloader: ImageDownloader
    let receipts: [ImageDownloadReceipt]

    func release() {
        for receipt in receipts { downloader.cancelTask(for: receipt) }
    }
}

/// An image of `width × height` pixels that costs what a bitmap of that size costs in the cache,
/// without decoding anything.
func testImage(width: Int = 16, height: Int = 16) -> Image {
    Image(
        header: ImageHeader(format: .png, width: width, height: height, bitsPerComponent: 8, colorModel: .rgb),
        representation: .compressed(Data(), skipped: .inflationTurnedOff), scale: 1)
}

/// An image cache an app might write, its images in an `AutoPurgingImageCache`, with two moments
/// a test scripts: before a lookup by request (which may answer for the cache: `.some(nil)` is a
/// miss) and before an add by request. The downloader calls both with no lock of its own held.
final class ScriptedCache: ImageRequestCache {
    let images = AutoPurgingImageCache()
    let beforeLookUp = Locked<(@Sendable (URLRequest) -> Image??)?>(nil)
    let beforeAdd = Locked<(@Sendable (URLRequest) -> Void)?>(nil)

    func add(_ image: Image, withIdentifier identifier: String) { images.add(image, withIdentifier: identifier) }
    func removeImage(withIdentifier identifier: String) -> Bool { images.removeImage(withIdentifier: identifier) }
    func removeAllImages() -> Bool { images.removeAllImages() }
    func image(withIdentifier identifier: String) -> Image? { images.image(withIdentifier: identifier) }

    func shouldCache(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool {
        true
    }

    func add(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) {
        beforeAdd.value?(request)
        images.add(image, for: request, withAdditionalIdentifier: identifier)
    }

    func removeImage(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool {
        images.removeImage(for: request, withAdditionalIdentifier: identifier)
    }

    func image(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Image? {
        if let answer = beforeLookUp.value?(request) { return answer }
        return images.image(for: request, withAdditionalIdentifier: identifier)
    }
}

/// Runs blocking waits on a thread of their own, never on one of Swift's cooperative threads.
func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// `eventually`, for a thread that may block: checks `condition` every 10 ms, for at most `seconds`.
func eventuallyBlocking(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
