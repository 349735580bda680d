import Chapter11Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import Locking
import Testing

@Suite("11.4 Two cells, one download")
struct CellTests {
    let x = URL(string: "https://example.com/avatars/x.png")!
    let y = URL(string: "https://example.com/avatars/y.png")!
    let z = URL(string: "https://example.com/avatars/z.png")!

    @Test("Two cells wait for one image, and one is reused: the other still gets it")
    func neighbourKeepsItsImage() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b) = (Cell(images: list), Cell(images: list))
        a.show(x)
        b.show(x)
        a.show(y)
        #expect(source.cancelled == [], "reusing cell a cancelled \(source.cancelled.map(\.lastPathComponent)): cell b still waits for x")
        source.answer(x, with: testImage(width: 3))
        #expect(b.image?.pixelWidth == 3, "cell b should show x's image; it shows \(describe(b.image))")
        #expect(a.image == nil, "cell a waits for y, and shows \(describe(a.image))")
    }

    @Test("When the last cell waiting for an image is reused, its download is cancelled, once")
    func lastOneCancels() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b) = (Cell(images: list), Cell(images: list))
        a.show(x)
        b.show(x)
        a.show(y)
        #expect(source.cancelled == [], "x was cancelled while cell b still waited for it")
        b.show(z)
        #expect(source.cancelled == [x], "once nobody waits for x, its download should be cancelled once; cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    @Test("A cell that got its image no longer waits: a later download of the same URL is cancelled when its own cells leave")
    func answeredCellsLeave() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b, c, d) = (Cell(images: list), Cell(images: list), Cell(images: list), Cell(images: list))
        a.show(x)
        b.show(x)
        source.answer(x, with: testImage(width: 3))
        #expect(a.image?.pixelWidth == 3 && b.image?.pixelWidth == 3)
        // The image was not cached: two more cells download it again.
        c.show(x)
        d.show(x)
        a.show(y)
        c.show(y)
        #expect(source.cancelled == [], "x was cancelled while cell d still waited for it")
        d.show(z)
        #expect(source.cancelled == [x], "once nobody waits for the second download of x, it should be cancelled once; cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    @Test("A cell whose download failed no longer waits: the next download of the URL is cancelled when its own cells leave")
    func failedCellsLeave() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b, c, d) = (Cell(images: list), Cell(images: list), Cell(images: list), Cell(images: list))
        a.show(x)
        b.show(x)
        // The download fails: every cell waiting for it gets nil, and nothing was cancelled.
        source.fail(x)
        #expect(a.image == nil && b.image == nil)
        c.show(x)
        d.show(x)
        a.show(y)
        c.show(y)
        #expect(source.cancelled == [], "x was cancelled while cell d still waited for it")
        d.show(z)
        #expect(source.cancelled == [x], "once nobody waits for the second download of x, it should be cancelled once; cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    /// Cells a and b wait for x and are reused at the same moment, on two threads. Cell a is held on
    /// its second step through `withState`, whatever that step is (after its first look at the
    /// count, before its next), while cell b leaves x meanwhile: a count read in one step and
    /// written back in another would lose one of the two leaves.
    @Test("Two cells reused at once, on two threads, leave their image: its download is cancelled, once")
    func leaveAtOnce() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b) = (Cell(images: list), Cell(images: list))
        a.show(x)
        b.show(x)
        let step = Protected(0)
        let heldOrDone = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        list.beforeLocking.withLock {
            $0 = {
                guard HeldCell.name == "a" else { return }
                let count = step.withLock { step in
                    step += 1
                    return step
                }
                guard count == 2 else { return }
                heldOrDone.signal()
                _ = go.wait(timeout: .now() + 10)
            }
        }
        Thread {
            HeldCell.$name.withValue("a") { a.show(y) }
            heldOrDone.signal()
            done.signal()
        }.start()
        #expect(heldOrDone.wait(timeout: .now() + 10) == .success, "cell a's show(y) never got anywhere")
        // Cell a has left x (or is about to write that it has): b still waits for x.
        #expect(source.cancelled == [], "x was cancelled while cell b still waited for it")
        b.show(z)
        go.signal()
        #expect(done.wait(timeout: .now() + 10) == .success, "cell a's show(y) never returned")
        #expect(source.cancelled == [x], "two cells left x at once; x should have been cancelled once, and was cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    @Test("A cell asked again for the image it waits for changes nothing")
    func askedAgain() {
        let source = ScriptedSource()
        let list = ListImages(source: source)
        let (a, b) = (Cell(images: list), Cell(images: list))
        a.show(x)
        a.show(x)
        b.show(x)
        a.show(y)
        #expect(source.cancelled == [], "x was cancelled while cell b still waited for it")
        b.show(z)
        #expect(source.cancelled == [x], "once nobody waits for x, its download should be cancelled once; cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    @Test("An image that comes at once, before fetch returns, leaves nobody waiting for it")
    func answerAtOnce() {
        let source = ScriptedSource()
        source.atOnce[x] = testImage(width: 3)
        let list = ListImages(source: source)
        let (a, b, c) = (Cell(images: list), Cell(images: list), Cell(images: list))
        a.show(x)
        #expect(a.image?.pixelWidth == 3, "x came at once, from a cache, and cell a should show it")
        // x leaves the cache: the next cells download it.
        source.atOnce[x] = nil
        b.show(x)
        c.show(x)
        b.show(y)
        #expect(source.cancelled == [], "x was cancelled while cell c still waited for it")
        c.show(z)
        #expect(source.cancelled == [x], "once nobody waits for x, its download should be cancelled once; cancelled: \(source.cancelled.map(\.lastPathComponent))")
    }

    /// Two cells of a list on a real `ImageDownloader` whose `cancel` cancels every caller of a
    /// URL, with one download slot held until both cells have asked.
    @Test("With ImageDownloader and HTTPBin: one cell reused, the other still shows the image, downloaded once")
    func realDownloader() async throws {
        let server = try await HTTPBin.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let manager = HTTPSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "exercise.manager", attributes: .concurrent)
        let downloader = ImageDownloader(sessionManager: manager, downloadPrioritization: .fifo, maximumActiveDownloads: 1)
        downloader.completionQueue = DispatchQueue(label: "exercise.handlers")
        let holder = downloader.downloadImage(for: URLRequest(url: server.url("/fault/stall-after-headers")))
        let source = DownloaderSource(downloader: downloader)
        let list = ListImages(source: source)
        let (a, b) = (Cell(images: list), Cell(images: list))
        let shared = server.url("/image/numbered/7?size=7")
        a.show(shared)
        b.show(shared)
        a.show(server.url("/image/numbered/8?size=8"))
        if let holder { downloader.cancelTask(for: holder) }
        for _ in 0..<1000 where a.image == nil || b.image == nil {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(b.image?.pixelWidth == 7, "cell b shows \(describe(b.image)), not the 7-pixel image it waited for")
        #expect(a.image?.pixelWidth == 8, "cell a shows \(describe(a.image)), not the 8-pixel image of its new row")
        let sevens = server.requests.filter { $0.uri.hasPrefix("/image/numbered/7") }.count
        #expect(sevens == 1, "HTTPBin was asked \(sevens) times for the shared image")
        manager.invalidateSession(cancelingTasks: true)
        try await server.shutdown()
    }
}

/// The cell whose thread a test holds, bound around that cell's call only.
enum HeldCell {
    @TaskLocal static var name: String?
}

func describe(_ image: Image?) -> String {
    image.map { "a \($0.pixelWidth)-pixel image" } ?? "nothing"
}

/// A source whose answers the test gives, when it wants: one download per URL, shared by every
/// fetch of that URL until it answers or is cancelled.
final class ScriptedSource: SharedSource {
    private struct State {
        var waiting: [URL: [@Sendable (Image?) -> Void]] = [:]
        var cancelled: [URL] = []
        var atOnce: [URL: Image] = [:]
    }

    private let state = Protected(State())

    /// The URLs cancelled so far, in order.
    var cancelled: [URL] { state.withLock { $0.cancelled } }

    /// Images that answer at once, as from a cache.
    var atOnce: [URL: Image] {
        get { state.withLock { $0.atOnce } }
        set { state.withLock { $0.atOnce = newValue } }
    }

    func fetch(_ url: URL, answer: @escaping @Sendable (Image?) -> Void) {
        let cached = state.withLock { state -> Image? in
            if let image = state.atOnce[url] { return image }
            state.waiting[url, default: []].append(answer)
            return nil
        }
        if let cached { answer(cached) }
    }

    func cancel(_ url: URL) {
        let answers = state.withLock { state in
            state.cancelled.append(url)
            return state.waiting.removeValue(forKey: url) ?? []
        }
        answers.forEach { $0(nil) }
    }

    /// The download of `url` fails: every fetch waiting for it gets nil, and nothing was cancelled.
    func fail(_ url: URL) {
        let answers = state.withLock { $0.waiting.removeValue(forKey: url) ?? [] }
        answers.forEach { $0(nil) }
    }

    /// The download of `url` ends with `image`: every fetch waiting for it gets it.
    func answer(_ url: URL, with image: Image) {
        let answers = state.withLock { $0.waiting.removeValue(forKey: url) ?? [] }
        answers.forEach { $0(image) }
    }
}

/// `ImageDownloader` as a `SharedSource`: `cancel` cancels every caller of the URL.
final class DownloaderSource: SharedSource {
    let downloader: ImageDownloader
    private let receipts = Protected<[URL: [ImageDownloadReceipt]]>([:])

    init(downloader: ImageDownloader) {
        self.downloader = downloader
    }

    func fetch(_ url: URL, answer: @escaping @Sendable (Image?) -> Void) {
        let receipt = downloader.downloadImage(
            for: URLRequest(url: url), success: { _, _, image in answer(image) }, failure: { _, _, _ in answer(nil) })
        if let receipt { receipts.withLock { $0[url, default: []].append(receipt) } }
    }

    func cancel(_ url: URL) {
        let callers = receipts.withLock { $0.removeValue(forKey: url) ?? [] }
        for receipt in callers { downloader.cancelTask(for: receipt) }
    }
}

func testImage(width: Int) -> Image {
    Image(
        header: ImageHeader(format: .png, width: width, height: width, bitsPerComponent: 8, colorModel: .rgb),
        representation: .compressed(Data(), skipped: .inflationTurnedOff), scale: 1)
}
