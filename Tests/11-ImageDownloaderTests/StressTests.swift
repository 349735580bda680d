import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import TaskDelegates
import TestSupport
import Testing

/// 2,000 requests for 100 distinct images, from 16 threads at once, with and without random
/// cancels. Also run under the thread sanitizer (see chapter 11).
@Suite("Stress")
struct StressTests {
    static let threads = 16
    static let requestsPerThread = 125
    static let distinctImages = 100

    /// What one stress run asked for, and what it cancelled.
    struct Plan: Sendable {
        var image: [String: Int] = [:]
        var cancelled: Set<String> = []
    }

    /// Sends the requests from 16 threads, each pausing up to 6 ms between two requests, so that
    /// a request may find its image waiting, downloading, cached or purged. With `cancelling`,
    /// about one caller in four cancels: half at once, half a few requests later.
    static func run(_ harness: Harness, cancelling: Bool, seed: UInt64) async -> Plan {
        let plan = Locked(Plan())
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                var generator = SeededGenerator(seed: seed &+ UInt64(thread))
                var later: [(receipt: ImageDownloadReceipt, key: String, due: Int)] = []
                for index in 0..<requestsPerThread {
                    usleep(UInt32.random(in: 0...6000, using: &generator))
                    let key = "\(thread)-\(index)"
                    let number = Int.random(in: 0..<distinctImages, using: &generator)
                    plan.withLock { $0.image[key] = number }
                    let receipt = harness.download("/image/numbered/\(number)?size=8", as: key)
                    if cancelling, let receipt, Int.random(in: 0..<4, using: &generator) == 0 {
                        if Bool.random(using: &generator) {
                            plan.withLock { _ = $0.cancelled.insert(key) }
                            harness.downloader.cancelTask(for: receipt)
                        } else {
                            later.append((receipt, key, index + Int.random(in: 1...8, using: &generator)))
                        }
                    }
                    let due = later.filter { $0.due <= index }
                    later.removeAll { $0.due <= index }
                    for (receipt, key, _) in due {
                        plan.withLock { _ = $0.cancelled.insert(key) }
                        harness.downloader.cancelTask(for: receipt)
                    }
                }
                for (receipt, key, _) in later {
                    plan.withLock { _ = $0.cancelled.insert(key) }
                    harness.downloader.cancelTask(for: receipt)
                }
                group.leave()
            }.start()
        }
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
        return plan.value
    }

    /// Checks that each caller got one answer: its own image, or (if it cancelled) -999.
    static func checkAnswers(_ harness: Harness, _ plan: Plan) {
        var wrong: [String] = []
        for (key, number) in plan.image {
            let answers = harness.answers[key]
            guard answers.count == 1, let answer = answers.first else {
                wrong.append("\(key): \(answers.count) answers")
                continue
            }
            let isOwnImage = answer.imageNumber == number
            let isCancellation = answer.urlErrorCode == .cancelled && plan.cancelled.contains(key)
            if !isOwnImage && !isCancellation { wrong.append("\(key): \(answer)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) callers: \(wrong.prefix(5))")
    }

    /// Reads the cache's memory use over and over on a thread of its own while the run goes on.
    final class CacheWatch: Sendable {
        let highest = Locked<UInt64>(0)
        let running = Locked(true)

        init(_ cache: AutoPurgingImageCache) {
            Thread { [highest, running] in
                while running.value {
                    let usage = cache.memoryUsage
                    highest.withLock { $0 = max($0, usage) }
                }
            }.start()
        }

        func stop() -> UInt64 {
            running.withLock { $0 = false }
            return highest.value
        }
    }

    @Test(
        "2,000 requests for 100 images from 16 threads: every handler once with its own image, one request per image at HTTPBin, nothing left running"
    )
    func withoutCancels() async throws {
        try await Harness.with(completionQueue: DispatchQueue(label: "test.stress.completion", attributes: .concurrent))
        { harness in
            let plan = await Self.run(harness, cancelling: false, seed: 1)
            #expect(await harness.answers.wait(for: Self.threads * Self.requestsPerThread))
            Self.checkAnswers(harness, plan)
            #expect(await harness.isIdle())
            let asked = Set(plan.image.values)
            let hits = asked.map { harness.hits("/image/numbered/\($0)?size=8") }
            #expect(hits.allSatisfy { $0 == 1 }, "requests per image: \(hits.sorted().suffix(5))")
            #expect(harness.server.requests.count == asked.count)
        }
    }

    @Test(
        "The same with random cancels and a small cache: every handler once, the cache never above its capacity, every request at HTTPBin accounted for by a task"
    )
    func withCancels() async throws {
        // Room for 64 of the 100 images (8 × 8 pixels, 256 bytes each): the cache purges as it goes.
        let cache = AutoPurgingImageCache(memoryCapacity: 16 * 1024, preferredMemoryCapacity: 10 * 1024)
        try await Harness.with(
            maximumActiveDownloads: 8, cache: cache,
            completionQueue: DispatchQueue(label: "test.stress.completion", attributes: .concurrent)
        ) { harness in
            let completed = Locked<[(image: String, cancelled: Bool)]>([])
            let observer = harness.center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) {
                notification in
                guard let task = notification.object as? URLSessionTask else { return }
                let error = notification.userInfo?[TaskDidCompleteKey.error] as? URLError
                let path = task.originalRequest?.url.map { $0.path + "?" + ($0.query ?? "") } ?? ""
                completed.withLock { $0.append((path, error?.code == .cancelled)) }
            }
            defer { harness.center.removeObserver(observer) }
            let watch = CacheWatch(cache)
            let plan = await Self.run(harness, cancelling: true, seed: 2)
            #expect(await harness.answers.wait(for: Self.threads * Self.requestsPerThread))
            #expect(watch.stop() <= cache.memoryCapacity)
            Self.checkAnswers(harness, plan)
            #expect(await harness.isIdle())
            await withCheckedContinuation { continuation in harness.notificationQueue.async { continuation.resume() } }
            #expect(!plan.cancelled.isEmpty)

            // Every task was cancelled, or delivered its image (one response, shared by its callers)
            // unless every one of its callers cancelled after the task had finished but before the
            // downloader had handed the image over: then the image is dropped, as in AFNetworking.
            let tasks = completed.value
            let delivered = Set(
                plan.image.keys.compactMap { key in harness.answers[key].first?.response.map(ObjectIdentifier.init) })
            let finished = tasks.filter { !$0.cancelled }.count
            #expect(delivered.count <= finished && finished - delivered.count <= plan.cancelled.count)
            // HTTPBin saw each delivered download, and a request only for a task that existed.
            for number in Set(plan.image.values) {
                let path = "/image/numbered/\(number)?size=8"
                let hits = harness.hits(path)
                let ran = tasks.filter { $0.image == path }
                #expect(
                    hits >= ran.filter { !$0.cancelled }.count && hits <= ran.count,
                    "\(path): \(hits) requests, tasks \(ran)")
            }
        }
    }

    @Test(
        "Random cancels with room for every image: each image a caller received came from one download, and HTTPBin saw it once unless a cancelled task asked too"
    )
    func withCancelsAndRoom() async throws {
        try await Harness.with(
            maximumActiveDownloads: 8,
            completionQueue: DispatchQueue(label: "test.stress.completion", attributes: .concurrent)
        ) { harness in
            let plan = await Self.run(harness, cancelling: true, seed: 3)
            #expect(await harness.answers.wait(for: Self.threads * Self.requestsPerThread))
            Self.checkAnswers(harness, plan)
            #expect(await harness.isIdle())
            #expect(!plan.cancelled.isEmpty)
            // Group the answers by image: nothing is purged, so every caller who got image n got
            // the one response of the one download that brought it.
            var responses: [Int: Set<ObjectIdentifier>] = [:]
            for (key, number) in plan.image {
                guard let answer = harness.answers[key].first, answer.image != nil, let response = answer.response
                else { continue }
                responses[number, default: []].insert(ObjectIdentifier(response))
            }
            let twice = responses.filter { $0.value.count > 1 }.keys.sorted()
            #expect(twice.isEmpty, "images delivered by more than one download: \(twice.prefix(5))")
            // Each received image took one request; any other request HTTPBin saw belongs to a task
            // whose callers all cancelled, so there are no more of them than cancellations.
            #expect(
                harness.server.requests.count - responses.count <= plan.cancelled.count,
                "more requests at HTTPBin than images received and cancellations together")
        }
    }
}
