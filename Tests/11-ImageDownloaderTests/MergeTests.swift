import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import TestSupport
import Testing

/// Merged downloads, counted where they cannot be faked: at the server.
@Suite("Merged downloads")
struct MergeTests {
    @Test(
        "Two requests for one URL while the first is on its way share one task: HTTPBin receives one request, and each caller gets the image"
    )
    func twoCallersOneRequest() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            let first = harness.download("/image/numbered/7", as: "first")
            let second = harness.download("/image/numbered/7", as: "second")
            #expect(harness.downloader.activity == (1, 1))
            blocker.release()
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["first"].map(\.imageNumber) == [7])
            #expect(harness.answers["second"].map(\.imageNumber) == [7])
            #expect(harness.hits("/image/numbered/7") == 1)
            // Each caller has its own receipt, for the same request.
            #expect(first != nil && second != nil && first?.receiptID != second?.receiptID)
            // One task, one decode, one response: the two callers get the very same objects.
            #expect(harness.answers["first"].first?.response === harness.answers["second"].first?.response)
        }
    }

    @Test("The same, without a gate: a second request while the first one's response is delayed joins it")
    func joinsARunningTask() async throws {
        try await Harness.with { harness in
            harness.download("/image/numbered/8?delay=300", as: "first")
            harness.download("/image/numbered/8?delay=300", as: "second")
            #expect(harness.downloader.activity == (1, 0))
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.hits("/image/numbered/8?delay=300") == 1)
            #expect(harness.answers.keys.sorted() == ["first", "second"])
        }
    }

    @Test("Handlers run once each, in the order the callers came")
    func handlerOrder() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            for caller in ["a", "b", "c", "d"] { harness.download("/image/numbered/9", as: caller) }
            blocker.release()
            #expect(await harness.answers.wait(for: 4))
            #expect(harness.answers.keys == ["a", "b", "c", "d"])
        }
    }

    @Test(
        "A cached image is returned at once: no task, no receipt, no response, HTTPBin sees nothing, and success runs after the call returned"
    )
    func cachedImage() async throws {
        try await Harness.with { harness in
            let downloaded = await harness.answer("/image/numbered/3")
            #expect(downloaded?.response?.statusCode == 200)
            // Called on the (serial) completion queue itself: a handler dispatched to it runs once
            // this block has finished; one called in place runs before the call returns.
            let returned = Locked(false)
            let ranBeforeReturn = Locked<Bool?>(nil)
            let receipt = harness.completionQueue.sync {
                let receipt = harness.downloader.downloadImage(
                    for: harness.request("/image/numbered/3"),
                    success: { _, response, image in
                        ranBeforeReturn.withLock { $0 = !returned.value }
                        harness.answers.record("again", .image(image, response))
                    })
                returned.withLock { $0 = true }
                return receipt
            }
            #expect(receipt == nil)
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["again"].first?.imageNumber == 3)
            #expect(harness.answers["again"].first?.response == nil)
            #expect(ranBeforeReturn.value == false, "success ran before downloadImage returned")
            #expect(harness.hits("/image/numbered/3") == 1)
        }
    }

    @Test("A request whose cache policy says reload goes to the network even with its image cached")
    func reloadPolicy() async throws {
        try await Harness.with { harness in
            _ = await harness.answer("/image/numbered/4")
            let reloaded = await harness.answer("/image/numbered/4", cachePolicy: .reloadIgnoringLocalCacheData)
            #expect(reloaded?.response?.statusCode == 200)
            #expect(harness.hits("/image/numbered/4") == 2)
        }
    }

    @Test("A request with no URL fails with URLError.badURL, later, and gets no receipt")
    func noURL() async throws {
        try await Harness.with { harness in
            var request = harness.request("/image/numbered/1")
            request.url = nil
            let returned = Locked(false)
            let ranBeforeReturn = Locked<Bool?>(nil)
            // On the completion queue itself, as in `cachedImage`.
            let receipt = harness.completionQueue.sync {
                let receipt = harness.downloader.downloadImage(
                    for: request,
                    failure: { _, response, error in
                        ranBeforeReturn.withLock { $0 = !returned.value }
                        harness.answers.record("bad", .failure(error, response))
                    })
                returned.withLock { $0 = true }
                return receipt
            }
            #expect(receipt == nil)
            #expect(await harness.answers.wait(for: 1))
            #expect(harness.answers["bad"].first?.urlErrorCode == .badURL)
            #expect(ranBeforeReturn.value == false, "failure ran before downloadImage returned")
        }
    }

    @Test("A request whose cache policy says reload still joins the download of its URL on its way")
    func reloadJoins() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            harness.download("/image/numbered/13", as: "first")
            harness.download("/image/numbered/13", as: "reloading", cachePolicy: .reloadIgnoringLocalCacheData)
            #expect(harness.downloader.activity == (1, 1), "the reloading caller started a download of its own")
            blocker.release()
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.hits("/image/numbered/13") == 1)
            #expect(harness.answers["first"].map(\.imageNumber) == [13])
            #expect(harness.answers["reloading"].map(\.imageNumber) == [13])
        }
    }

    @Test(
        "One block calls all of a download's handlers: on a concurrent completion queue, the second caller's handler never runs beside the first's"
    )
    func handlersInOneBlock() async throws {
        let concurrent = DispatchQueue(label: "test.concurrent.completion", attributes: .concurrent)
        try await Harness.with(maximumActiveDownloads: 1, completionQueue: concurrent) { harness in
            let blocker = await harness.blockSlots()
            let secondStarted = DispatchSemaphore(value: 0)
            let overlapped = Locked<Bool?>(nil)
            harness.downloader.downloadImage(
                for: harness.request("/image/numbered/14"),
                success: { _, _, _ in
                    // Held until the second handler starts, or for 3 s: called one after the other
                    // from one block they cannot overlap; as blocks of their own on a concurrent
                    // queue, the second starts while this one waits.
                    overlapped.withLock { $0 = secondStarted.wait(timeout: .now() + 3) == .success }
                })
            harness.downloader.downloadImage(
                for: harness.request("/image/numbered/14"), success: { _, _, _ in secondStarted.signal() })
            blocker.release()
            #expect(await eventually(within: 60) { overlapped.value != nil })
            #expect(
                overlapped.value == false,
                "the second caller's handler ran while the first's was running: each handler was a block of its own")
        }
    }
}

/// Cancelling a receipt: one caller, or the last.
@Suite("Cancelling receipts")
struct CancelTests {
    @Test("Cancelling one caller removes only its handlers: it gets -999, the other gets the image, from one request")
    func cancelOne() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            let leaving = try #require(harness.download("/image/numbered/5", as: "leaving"))
            harness.download("/image/numbered/5", as: "staying")
            harness.downloader.cancelTask(for: leaving)
            blocker.release()
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["leaving"].map(\.urlErrorCode) == [.cancelled])
            let reason =
                (harness.answers["leaving"].first?.error as NSError?)?.userInfo[NSLocalizedFailureReasonErrorKey]
                as? String
            #expect(
                reason
                    == "ImageDownloader cancelled URL request: \(harness.server.url("/image/numbered/5").absoluteString)"
            )
            #expect(harness.answers["staying"].map(\.imageNumber) == [5])
            #expect(harness.hits("/image/numbered/5") == 1)
        }
    }

    @Test(
        "A caller that joined with a request of its own and cancels gets the download's request, as AFNetworking hands over its task's original request"
    )
    func cancelledJoinerGetsTheSentRequest() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            harness.download("/image/numbered/12", as: "first")
            var own = harness.request("/image/numbered/12")
            own.setValue("joined", forHTTPHeaderField: "X-Caller")
            let received = Locked<[URLRequest]>([])
            let failure: ImageDownloader.Failure = { request, _, _ in received.withLock { $0.append(request) } }
            let joined = harness.downloader.downloadImage(for: own, failure: failure)
            let receipt = try #require(joined)
            harness.downloader.cancelTask(for: receipt)
            #expect(await eventually(within: 60) { received.value.count == 1 })
            let header = received.value.first?.value(forHTTPHeaderField: "X-Caller")
            #expect(header == nil, "the failure got the caller's own request, not the one the download sends")
            blocker.release()
            #expect(await harness.answers.wait(for: 1))
            #expect(harness.answers["first"].map(\.imageNumber) == [12])
        }
    }

    @Test(
        "When the last caller of a waiting download cancels, the download leaves the queue and never reaches the server"
    )
    func cancelWaiting() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            let receipt = try #require(harness.download("/image/numbered/6", as: "only"))
            #expect(harness.downloader.activity == (1, 1))
            harness.downloader.cancelTask(for: receipt)
            #expect(harness.downloader.activity == (1, 0))
            blocker.release()
            #expect(await harness.isIdle())
            #expect(harness.answers["only"].map(\.urlErrorCode) == [.cancelled])
            #expect(harness.hits("/image/numbered/6") == 0)
        }
    }

    @Test("When the last caller of a running download cancels, the task is cancelled and its slot freed for the next")
    func cancelRunning() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let stalled = try #require(harness.download("/fault/stall-after-headers", as: "stalled"))
            harness.download("/image/numbered/2", as: "next")
            _ = await eventually(within: 60) { harness.hits("/fault/stall-after-headers") == 1 }
            #expect(harness.downloader.activity == (1, 1))
            harness.downloader.cancelTask(for: stalled)
            #expect(await harness.answers.wait(for: 2))
            #expect(harness.answers["stalled"].map(\.urlErrorCode) == [.cancelled])
            #expect(harness.answers["next"].map(\.imageNumber) == [2])
            #expect(await harness.isIdle())
        }
    }

    @Test(
        "After every caller cancelled, a new request for the URL is a new download, untouched by the old task's completion"
    )
    func cancelThenAskAgain() async throws {
        try await Harness.with { harness in
            let path = "/image/numbered/11?delay=200"
            let old = try #require(harness.download(path, as: "old"))
            harness.downloader.cancelTask(for: old)
            harness.download(path, as: "new")
            #expect(await harness.answers.wait(for: 2))
            #expect(await harness.isIdle())
            #expect(harness.answers["old"].map(\.urlErrorCode) == [.cancelled])
            #expect(harness.answers["new"].map(\.imageNumber) == [11])
        }
    }

    /// `cancelTask` is called on the (serial) completion queue itself: a failure sent there can only
    /// run once the call has returned, and a failure called in place runs before.
    @Test("A cancelled caller's -999 comes later, on the completion queue, after cancelTask has returned")
    func cancelAnswersLater() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            defer { blocker.release() }
            let queue = harness.completionQueue
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let returned = Locked(false)
            let seen = Locked<[String]>([])
            let receipt = harness.downloader.downloadImage(
                for: harness.request("/image/numbered/13"),
                failure: { _, _, error in
                    let place = DispatchQueue.getSpecific(key: key) == true ? "the completion queue" : "another queue"
                    let moment = returned.value ? "after cancelTask returned" : "inside cancelTask"
                    seen.withLock { $0.append("\((error as? URLError)?.code.rawValue ?? 0) on \(place), \(moment)") }
                })
            let cancelled = try #require(receipt)
            await withCheckedContinuation { continuation in
                queue.async {
                    harness.downloader.cancelTask(for: cancelled)
                    returned.withLock { $0 = true }
                    continuation.resume()
                }
            }
            #expect(await eventually(within: 60) { !seen.value.isEmpty })
            #expect(seen.value == ["-999 on the completion queue, after cancelTask returned"])
        }
    }

    @Test("Cancelling a receipt whose download has finished changes nothing, and calls nothing again")
    func cancelAfterCompletion() async throws {
        try await Harness.with { harness in
            let receipt = try #require(harness.download("/image/numbered/12", as: "done"))
            #expect(await harness.answers.wait(for: 1))
            harness.downloader.cancelTask(for: receipt)
            try await Task.sleep(for: .milliseconds(100))
            #expect(harness.answers["done"].count == 1)
            #expect(harness.answers["done"].first?.imageNumber == 12)
        }
    }
}
