import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import ImageInflation
import TestSupport
import Testing

/// A cell written the obvious way: ask for the image, show whatever comes back. `cancels`: it
/// also cancels its previous request when it is reused, but still shows any answer it gets.
final class NaiveCell: Sendable {
    let downloader: ImageDownloader
    let cancels: Bool
    let shown = Locked<[Int]>([])
    private let receipt = Locked<ImageDownloadReceipt?>(nil)

    init(downloader: ImageDownloader, cancels: Bool = false) {
        self.downloader = downloader
        self.cancels = cancels
    }

    func show(_ request: URLRequest) {
        if cancels, let previous = receipt.value { downloader.cancelTask(for: previous) }
        let new = downloader.downloadImage(
            for: request,
            success: { [shown] _, _, image in
                shown.withLock { $0.append(Answer.image(image, nil).imageNumber ?? -1) }
            })
        receipt.withLock { $0 = new }
    }
}

/// The image view's rules, and the bug they prevent: a reused cell showing the previous row's avatar.
@Suite("The reused cell")
struct ImageViewTests {
    /// The chapter's opening story. A list reuses a cell: it asked for row 100's avatar, and now
    /// shows row 200. The downloader is LIFO, as a scrolling list wants, so the newest request
    /// (row 200's) starts first, and the stale one (row 100's) answers last, every time.
    @Test(
        "A reused cell that just shows what comes back ends up with the previous row's avatar; ImageView shows its own")
    func openingStory() async throws {
        try await Harness.with(maximumActiveDownloads: 1, prioritization: .lifo) { harness in
            let naive = NaiveCell(downloader: harness.downloader)
            let blocker = await harness.blockSlots()
            naive.show(harness.request("/image/numbered/100"))
            naive.show(harness.request("/image/numbered/200"))
            blocker.release()
            #expect(await eventually(within: 60) { naive.shown.value.count == 2 })
            #expect(naive.shown.value == [200, 100])  // the right avatar, then the wrong one, for good
        }
        try await Harness.with(maximumActiveDownloads: 1, prioritization: .lifo) { harness in
            let view = ImageView(downloader: harness.downloader)
            let blocker = await harness.blockSlots()
            view.setImage(with: harness.request("/image/numbered/100"))
            view.setImage(with: harness.request("/image/numbered/200"))
            blocker.release()
            #expect(await harness.isIdle())
            #expect(view.image.map { Answer.image($0, nil).imageNumber } == 200)
            // Row 100's download was cancelled while it waited: it never reached the server.
            #expect(harness.hits("/image/numbered/100") == 0)
        }
    }

    /// The harder half: the old answer is already on its way to the completion queue when the
    /// cell is reused, so cancelling cannot take it back. The completion queue is held suspended
    /// to make that moment certain.
    @Test(
        "An answer already on its way for the previous URL is ignored: the placeholder stays until the new image comes",
        arguments: [false, true])
    func lateAnswer(checksReceipts: Bool) async throws {
        let held = DispatchQueue(label: "test.held.completion")
        held.suspend()
        try await Harness.with(completionQueue: held) { harness in
            let placeholder = testImage(width: 1)
            let naive = NaiveCell(downloader: harness.downloader, cancels: true)
            let view = ImageView(downloader: harness.downloader)
            let show: (String, Image?) -> Void = { path, placeholder in
                if checksReceipts {
                    view.setImage(with: harness.request(path), placeholder: placeholder)
                } else {
                    naive.show(harness.request(path))
                }
            }
            show("/image/numbered/100", nil)
            // Row 100's download has completed: its answer waits in the held queue.
            #expect(
                await eventually(within: 60) {
                    harness.hits("/image/numbered/100") == 1 && harness.downloader.activity == (0, 0)
                })
            show("/fault/stall-after-headers", placeholder)
            held.resume()
            await withCheckedContinuation { continuation in held.async { continuation.resume() } }
            if checksReceipts {
                #expect(view.image?.pixelWidth == 1)  // still the placeholder
            } else {
                #expect(naive.shown.value == [100])  // the previous row's avatar, shown in the new row
            }
        }
    }

    @Test("A cached image is shown at once, on the caller's thread, with no task")
    func cachedAtOnce() async throws {
        try await Harness.with { harness in
            let request = harness.request("/image/numbered/50")
            harness.cache.add(testImage(width: 50), for: request, withAdditionalIdentifier: nil)
            let displayed = Locked<[Int]>([])
            let view = ImageView(downloader: harness.downloader) { image in
                displayed.withLock { $0.append(image?.pixelWidth ?? 0) }
            }
            view.setImage(with: request, placeholder: testImage(width: 1))
            #expect(view.image?.pixelWidth == 50)
            #expect(displayed.value == [50])
            #expect(harness.downloader.activity == (0, 0))
            #expect(harness.hits("/image/numbered/50") == 0)
        }
    }

    @Test(
        "An image that lands in the cache between the view's look and the downloader's is shown: the view's receipt is active before it asks"
    )
    func imageLandsBetweenTheLooks() async throws {
        let cache = ScriptedCache()
        let looks = Locked(0)
        // The first look misses, as if the image arrived just after it.
        cache.beforeLookUp.withLock {
            $0 = { _ in
                looks.withLock {
                    $0 += 1
                    return $0
                } == 1 ? .some(nil) : nil
            }
        }
        try await Harness.with(imageCache: cache) { harness in
            let request = harness.request("/image/numbered/72")
            cache.images.add(testImage(width: 72), for: request, withAdditionalIdentifier: nil)
            let view = ImageView(downloader: harness.downloader)
            view.setImage(with: request, placeholder: testImage(width: 1))
            #expect(
                await eventually(within: 30) { view.image?.pixelWidth == 72 },
                "the view still shows a \(view.image?.pixelWidth ?? 0)-pixel image: the downloader's answer from its cache was dropped"
            )
            #expect(harness.hits("/image/numbered/72") == 0)
        }
    }

    @Test("Asking again for the URL already on its way does nothing: one request, one image")
    func sameURLTwice() async throws {
        try await Harness.with { harness in
            let displayed = Locked<[Int]>([])
            let view = ImageView(downloader: harness.downloader) { image in
                displayed.withLock { $0.append(image?.pixelWidth ?? 0) }
            }
            // Ten seconds (HTTPBin's longest): the second ask must come while the first download
            // is still waiting for its answer, even on a machine busy enough to wake this test late.
            let path = "/image/numbered/51?delay=10000"
            view.setImage(with: harness.request(path))
            // The first download has reached the server before the second ask, so an ask that
            // cancelled it would cost a second request. (Asked at once, under load, the cancel
            // could reach the downloader after the second ask had joined the first download,
            // and a view that cancels its own download went unnoticed.)
            #expect(await eventually(within: 60) { harness.hits(path) == 1 })
            view.setImage(with: harness.request(path))
            #expect(await harness.isIdle())
            #expect(await eventually(within: 60) { displayed.value.count == 1 })
            #expect(harness.hits(path) == 1)
            #expect(displayed.value == [16])
        }
    }

    @Test("The placeholder shows until the download answers, and stays when it fails; failure is called once")
    func placeholderAndFailure() async throws {
        try await Harness.with { harness in
            let failures = Locked<[URLRequest]>([])
            let view = ImageView(downloader: harness.downloader)
            view.setImage(
                with: harness.request("/status/404"), placeholder: testImage(width: 1),
                failure: { request, response, _ in failures.withLock { $0.append(request) } })
            #expect(view.image?.pixelWidth == 1)
            #expect(await eventually(within: 60) { failures.value.count == 1 })
            #expect(view.image?.pixelWidth == 1)
            view.setImage(with: harness.server.url("/image/numbered/52"), placeholder: testImage(width: 2))
            #expect(await eventually(within: 60) { view.image?.pixelWidth == 16 })
            #expect(harness.server.requests.last?.header("Accept") == "image/*")
        }
    }

    @Test("A request without a URL shows the placeholder and fails with URLError.badURL at once")
    func noURL() async throws {
        try await Harness.with { harness in
            var request = harness.request("/image/numbered/1")
            request.url = nil
            let codes = Locked<[URLError.Code?]>([])
            let view = ImageView(downloader: harness.downloader)
            view.setImage(
                with: request, placeholder: testImage(width: 3),
                failure: { _, _, error in codes.withLock { $0.append((error as? URLError)?.code) } })
            #expect(codes.value == [.badURL])
            #expect(view.image?.pixelWidth == 3)
        }
    }

    @Test(
        "A request without a URL and without a placeholder leaves no image, as in AFNetworking, and the download the view waited for never answers into it"
    )
    func noURLNoPlaceholder() async throws {
        try await Harness.with { harness in
            var request = harness.request("/image/numbered/1")
            request.url = nil
            let displayed = Locked<[Int?]>([])
            let view = ImageView(downloader: harness.downloader) { image in
                displayed.withLock { $0.append(image?.pixelWidth) }
            }
            // The previous row's download waits in the queue behind stalled slots.
            let blocker = await harness.blockSlots()
            view.setImage(with: harness.request("/image/numbered/2"), placeholder: testImage(width: 4))
            view.setImage(with: request)
            #expect(
                view.image == nil, "the view shows \(view.image.map { "a \($0.pixelWidth)-pixel image" } ?? "nothing")")
            #expect(displayed.value == [4, nil])
            blocker.release()
            #expect(await harness.isIdle())
            #expect(view.image == nil, "the previous row's download answered into the view")
            #expect(harness.hits("/image/numbered/2") == 0, "the previous row's download still reached the server")
        }
    }

    @Test(
        "Without a placeholder the view keeps the image it showed until the new one arrives, as AFNetworking's category does; with one, the placeholder shows"
    )
    func nilPlaceholderKeepsTheImage() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let view = ImageView(downloader: harness.downloader)
            view.setImage(with: harness.request("/image/numbered/56"))
            #expect(await eventually(within: 60) { view.image != nil })
            let blocker = await harness.blockSlots()
            view.setImage(with: harness.request("/image/numbered/57"))
            let shown = view.image.flatMap { Answer.image($0, nil).imageNumber }
            #expect(
                shown == 56, "with no placeholder, the view shows \(describe(view.image)) instead of the image it had")
            view.setImage(with: harness.request("/image/numbered/58"), placeholder: testImage(width: 1))
            #expect(
                view.image?.pixelWidth == 1, "the view shows \(describe(view.image)), not the placeholder it was given")
            blocker.release()
            #expect(await eventually(within: 60) { view.image.flatMap { Answer.image($0, nil).imageNumber } == 58 })
        }
    }

    @Test(
        "With a success closure, the closure gets the image and the view does not change: from a download and from the cache"
    )
    func successClosureShowsTheImage() async throws {
        try await Harness.with { harness in
            let handed = Locked<[Int]>([])
            let displayed = Locked<[Int]>([])
            let view = ImageView(downloader: harness.downloader) { image in
                displayed.withLock { $0.append(image?.pixelWidth ?? 0) }
            }
            let success: ImageDownloader.Success = { _, _, image in handed.withLock { $0.append(image.pixelWidth) } }
            view.setImage(
                with: harness.request("/image/numbered/54"), placeholder: testImage(width: 1), success: success)
            #expect(await eventually(within: 60) { handed.value == [16] })
            #expect(await harness.isIdle())
            let cached = harness.request("/image/numbered/55")
            harness.cache.add(testImage(width: 55), for: cached, withAdditionalIdentifier: nil)
            view.setImage(with: cached, success: success)
            #expect(handed.value == [16, 55], "the success closure got \(handed.value)")
            #expect(
                view.image?.pixelWidth == 1,
                "the view shows \(describe(view.image)): the success closure was to show it")
            #expect(
                displayed.value == [1], "the view displayed \(displayed.value): only the placeholder was its to show")
        }
    }

    @Test(
        "A request that was replaced never reports its failure: its cancellation does not reach the failure closure"
    )
    func replacedRequestFailsSilently() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let failures = Locked<[String]>([])
            let view = ImageView(downloader: harness.downloader)
            let blocker = await harness.blockSlots()
            for path in ["/image/numbered/60", "/image/numbered/61"] {
                view.setImage(
                    with: harness.request(path),
                    failure: { _, _, error in failures.withLock { $0.append("\(path): \(error)") } })
            }
            blocker.release()
            #expect(await eventually(within: 60) { view.image != nil })
            #expect(await harness.isIdle())
            await withCheckedContinuation { continuation in harness.completionQueue.async { continuation.resume() } }
            #expect(failures.value.isEmpty, "the failure closure was called: \(failures.value)")
            #expect(view.image.flatMap { Answer.image($0, nil).imageNumber } == 61)
        }
    }

    @Test(
        "A cached image is shown at once whatever the request's cache policy, as the category looks in the cache for every request"
    )
    func cachedWhateverThePolicy() async throws {
        try await Harness.with { harness in
            var request = harness.request("/image/numbered/59")
            request.cachePolicy = .reloadIgnoringLocalCacheData
            harness.cache.add(testImage(width: 59), for: request, withAdditionalIdentifier: nil)
            let view = ImageView(downloader: harness.downloader)
            view.setImage(with: request, placeholder: testImage(width: 1))
            #expect(view.image?.pixelWidth == 59, "the view shows \(describe(view.image)), not the image in the cache")
            #expect(harness.downloader.activity == (0, 0))
            #expect(harness.hits("/image/numbered/59") == 0)
        }
    }

    @Test("cancelImageDownloadTask cancels the download, and the image does not change")
    func cancel() async throws {
        try await Harness.with { harness in
            let view = ImageView(downloader: harness.downloader)
            view.setImage(with: harness.request("/image/numbered/53?delay=200"), placeholder: testImage(width: 1))
            view.cancelImageDownloadTask()
            #expect(await harness.isIdle())
            #expect(view.image?.pixelWidth == 1)
            // Nothing is left to download: asking for it again starts afresh.
            view.setImage(with: harness.request("/image/numbered/53?delay=200"))
            #expect(await eventually(within: 60) { view.image?.pixelWidth == 16 })
        }
    }
}

/// A few words for an image in a message.
func describe(_ image: Image?) -> String {
    image.map { "a \($0.pixelWidth)-pixel image" } ?? "no image"
}
