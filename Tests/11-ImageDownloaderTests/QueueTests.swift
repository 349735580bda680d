import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import SessionManager
import TestSupport
import Testing

/// At most `maximumActiveDownloads` tasks; the others wait, FIFO or LIFO.
@Suite("The download queue")
struct QueueTests {
    @Test(
        "AFNetworking's defaults: four downloads at once, FIFO, and an image cache of 100 MB that purges down to 60 MB")
    func defaults() throws {
        let downloader = ImageDownloader(sessionManager: HTTPSessionManager(configuration: .ephemeral))
        defer { downloader.sessionManager.invalidateSession(cancelingTasks: true) }
        #expect(downloader.maximumActiveDownloads == 4)
        #expect(downloader.downloadPrioritization == .fifo)
        let cache = try #require(downloader.imageCache as? AutoPurgingImageCache)
        #expect(cache.memoryCapacity == 100 * 1024 * 1024)
        #expect(cache.preferredMemoryUsageAfterPurge == 60 * 1024 * 1024)
        // `DispatchQueue.main` is a new wrapper each time on Linux: compare what it wraps.
        #expect(downloader.completionQueue.label == DispatchQueue.main.label)

        // A downloader that makes its own manager gives it AFNetworking's response queue, and
        // leaves the manager's own serializer as it is: each task gets the image serializer.
        let own = ImageDownloader(configuration: .ephemeral)
        defer { own.sessionManager.invalidateSession(cancelingTasks: true) }
        #expect(own.sessionManager.completionQueue.label.hasPrefix("com.alamofire.imagedownloader.responsequeue"))
        #expect(!(own.sessionManager.responseSerializer is ImageResponseSerializer))
    }

    @Test(
        "A download whose last caller cancels after it got a slot, but before its task was made, is cancelled before it starts and frees its slot"
    )
    func cancelledBeforeItsTaskStarts() async throws {
        let cache = ScriptedCache()
        try await Harness.with(maximumActiveDownloads: 1, imageCache: cache) { harness in
            let table = harness.downloader.sessionManager.taskTable
            let first = "/image/numbered/44?delay=100"
            let waiting = "/image/numbered/45"
            // When the first download's image is being cached, its slot is about to go to the
            // waiting download. A thread takes the manager's task table and holds it: the waiting
            // download gets its slot, and its task cannot be made until the table is let go.
            let released = Locked(false)
            let waitingReceipt = Locked<ImageDownloadReceipt?>(nil)
            cache.beforeAdd.withLock {
                $0 = { [downloader = harness.downloader] request in
                    guard request.url?.path == "/image/numbered/44" else { return }
                    let held = DispatchSemaphore(value: 0)
                    Thread {
                        table.whileLocked {
                            held.signal()
                            // Until the slot has gone to the waiting download, then its only caller leaves.
                            _ = eventuallyBlocking(within: 30) { downloader.activity == (1, 0) }
                            if let receipt = waitingReceipt.value { downloader.cancelTask(for: receipt) }
                            released.withLock { $0 = true }
                        }
                    }.start()
                    held.wait()
                }
            }
            harness.download(first, as: "first")
            waitingReceipt.withLock { $0 = harness.download(waiting, as: "waiting") }
            #expect(await harness.answers.wait(for: 2))
            #expect(released.value)
            #expect(harness.answers["waiting"].map(\.urlErrorCode) == [.cancelled])
            #expect(await harness.isIdle(), "the cancelled download's slot was never freed")
            #expect(harness.hits(waiting) == 0, "the download whose caller had left was sent anyway")
        }
    }

    @Test("A downloader asked for no download at a time runs one (AFNetworking's would start none, ever)")
    func atLeastOneAtATime() async throws {
        try await Harness.with(maximumActiveDownloads: 0) { harness in
            try #require(
                harness.downloader.maximumActiveDownloads == 1,
                "a limit of 0 was kept as \(harness.downloader.maximumActiveDownloads): no download would ever start")
            let answer = await harness.answer("/image/numbered/15")
            #expect(answer?.imageNumber == 15)
        }
    }

    @Test("At most maximumActiveDownloads tasks run; the other downloads wait, and start as slots free")
    func limit() async throws {
        try await Harness.with(maximumActiveDownloads: 2) { harness in
            let blocker = await harness.blockSlots()
            for number in 20..<23 { harness.download("/image/numbered/\(number)", as: "\(number)") }
            #expect(harness.downloader.activity == (2, 3))
            #expect((20..<23).allSatisfy { harness.hits("/image/numbered/\($0)") == 0 })
            blocker.release()
            #expect(await harness.answers.wait(for: 3))
            #expect((20..<23).map { harness.answers["\($0)"].first?.imageNumber } == [20, 21, 22])
            #expect(await harness.isIdle())
        }
    }

    @Test(
        "FIFO starts waiting downloads in the order they were asked for, LIFO newest first",
        arguments: [DownloadPrioritization.fifo, .lifo])
    func order(prioritization: DownloadPrioritization) async throws {
        try await Harness.with(maximumActiveDownloads: 1, prioritization: prioritization) { harness in
            let blocker = await harness.blockSlots()
            let paths = (30..<34).map { "/image/numbered/\($0)" }
            for path in paths { harness.download(path, as: path) }
            blocker.release()
            #expect(await harness.answers.wait(for: paths.count))
            // One slot: each download starts only when the one before it has completed.
            #expect(harness.arrivals(among: paths) == (prioritization == .fifo ? paths : paths.reversed()))
        }
    }

    @Test("A failed download frees its slot like a successful one")
    func failureFreesTheSlot() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            harness.download("/status/404", as: "missing")
            harness.download("/image/numbered/40", as: "next")
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["missing"].first?.error != nil)
            #expect(harness.answers["next"].first?.imageNumber == 40)
            #expect(await harness.isIdle())
        }
    }

    /// What AFNetworking's queue relies on when the last caller of a queued download cancels:
    /// its data task, made but never resumed, still completes. (This downloader makes no task
    /// for a waiting download; see chapter 11, step 3.)
    @Test("A task the manager made and never resumed completes with -999 when it is cancelled")
    func neverResumedTaskCompletes() async throws {
        try await Harness.with { harness in
            let errors = Locked<[URLError.Code?]>([])
            let task = try harness.downloader.sessionManager.dataTask(
                with: harness.request("/image/numbered/43"),
                completionHandler: { _, _, error in
                    errors.withLock { $0.append((error as? URLError)?.code) }
                })
            task.cancel()
            #expect(await eventually(within: 60) { errors.value == [.cancelled] })
            #expect(harness.hits("/image/numbered/43") == 0)
        }
    }

    @Test("A download asked for on an invalidated session fails with the manager's typed error and frees its slot")
    func invalidatedSession() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            harness.downloader.sessionManager.invalidateSession(cancelingTasks: true)
            harness.download("/image/numbered/41", as: "first")
            harness.download("/image/numbered/42", as: "second")
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["first"].first?.error as? SessionManagerError == .sessionInvalidated)
            #expect(harness.answers["second"].first?.error as? SessionManagerError == .sessionInvalidated)
            #expect(harness.downloader.activity == (0, 0))
        }
    }
}
