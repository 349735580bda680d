import Chapter11Exercise1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import Testing

/// The truth is not written down here: each puzzle's script runs against a real downloader and a
/// real HTTPBin, and the predictions are compared with HTTPBin's log.
@Suite("11.1 Predict the server's log")
struct PredictionTests {
    /// Compares without printing the right answer: a failing check should send the learner back
    /// to the chapter, not hand over the result.
    func check(_ prediction: [String]?, _ prioritization: DownloadPrioritization, _ script: (Scene) async -> Void) async throws {
        let received = try await Scene.run(prioritization, script)
        let matchesHTTPBinsLog = prediction == received
        #expect(matchesHTTPBinsLog, "\(prediction.map { "\($0)" } ?? "nil") is not what HTTPBin received")
    }

    @Test("Puzzle 1: LIFO, ask A, ask B, ask A")
    func puzzle1() async throws {
        try await check(Predictions.puzzle1, .lifo) { scene in
            scene.ask("A")
            scene.ask("B")
            scene.ask("A")
        }
    }

    @Test("Puzzle 2: LIFO, ask A, B and C; B's caller cancels")
    func puzzle2() async throws {
        try await check(Predictions.puzzle2, .lifo) { scene in
            scene.ask("A")
            let b = scene.ask("B")
            scene.ask("C")
            scene.cancel(b)
        }
    }

    @Test("Puzzle 3: FIFO, two callers ask A; the first cancels")
    func puzzle3() async throws {
        try await check(Predictions.puzzle3, .fifo) { scene in
            let first = scene.ask("A")
            scene.ask("A")
            scene.cancel(first)
        }
    }

    @Test("Puzzle 4: FIFO, ask A; once downloaded, ask A again, then A with a reload policy")
    func puzzle4() async throws {
        try await check(Predictions.puzzle4, .fifo) { scene in
            scene.ask("A")
            await scene.releaseAndSettle()
            scene.ask("A")
            scene.ask("A", cachePolicy: .reloadIgnoringLocalCacheData)
        }
    }

    @Test("Puzzle 5: LIFO, ask A, ask B; A's caller cancels, then asks A again")
    func puzzle5() async throws {
        try await check(Predictions.puzzle5, .lifo) { scene in
            let a = scene.ask("A")
            scene.ask("B")
            scene.cancel(a)
            scene.ask("A")
        }
    }
}

/// A downloader with one slot, held by a request HTTPBin never answers, until `release`.
struct Scene: Sendable {
    let server: HTTPBin
    let downloader: ImageDownloader
    let holder: ImageDownloadReceipt?
    static let paths = ["A": "/image/numbered/1", "B": "/image/numbered/2", "C": "/image/numbered/3"]

    static func run(_ prioritization: DownloadPrioritization, _ script: (Scene) async -> Void) async throws -> [String] {
        let server = try await HTTPBin.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let manager = HTTPSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "exercise.manager", attributes: .concurrent)
        manager.notificationQueue = DispatchQueue(label: "exercise.notifications")
        let downloader = ImageDownloader(sessionManager: manager, downloadPrioritization: prioritization, maximumActiveDownloads: 1)
        downloader.completionQueue = DispatchQueue(label: "exercise.handlers")
        let holder = downloader.downloadImage(for: URLRequest(url: server.url("/fault/stall-after-headers")))
        let scene = Scene(server: server, downloader: downloader, holder: holder)
        _ = await scene.wait { server.requests.count == 1 }
        await script(scene)
        await scene.releaseAndSettle()
        let received = server.requests.compactMap { request in paths.first { $0.value == request.uri }?.key }
        manager.invalidateSession(cancelingTasks: true)
        try await server.shutdown()
        return received
    }

    @discardableResult
    func ask(_ image: String, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy) -> ImageDownloadReceipt? {
        var request = URLRequest(url: server.url(Self.paths[image]!))
        request.cachePolicy = cachePolicy
        return downloader.downloadImage(for: request)
    }

    func cancel(_ receipt: ImageDownloadReceipt?) {
        if let receipt { downloader.cancelTask(for: receipt) }
    }

    /// Frees the slot (the held download is cancelled), then waits until nothing runs or waits.
    func releaseAndSettle() async {
        cancel(holder)
        _ = await wait { downloader.activity == (0, 0) }
    }

    func wait(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<1000 where !condition() {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }
}
