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

@Suite("11.4 The reused cell")
struct CellTests {
    let a = URLRequest(url: URL(string: "https://example.com/avatars/a.png")!)
    let b = URLRequest(url: URL(string: "https://example.com/avatars/b.png")!)

    @Test("Showing a new request cancels the previous one, with its own receipt")
    func cancelsThePrevious() {
        let source = ScriptedSource()
        let cell = Cell(source: source)
        cell.show(a)
        cell.show(b)
        let asked = source.calls.withLock { $0 }
        #expect(asked.map(\.request) == [a, b])
        #expect(source.cancelled.withLock { $0 }.map(\.receiptID) == [asked[0].receiptID], "the cell should cancel A's receipt when it shows B")
    }

    @Test("An answer for the previous request that arrives after the cell was reused is not shown")
    func lateAnswer() {
        let source = ScriptedSource()
        let cell = Cell(source: source)
        cell.show(a)
        cell.show(b)
        source.answer(a, with: testImage(width: 1))  // A's answer was already on its way
        #expect(cell.image == nil, "the cell shows A's image while it waits for B")
        source.answer(b, with: testImage(width: 2))
        #expect(cell.image?.pixelWidth == 2)
    }

    @Test("An answer that comes at once, before download returns, is shown; the request it replaced answers too late")
    func answerAtOnce() {
        let source = ScriptedSource(answersAtOnce: [b.url!: testImage(width: 2)])
        let cell = Cell(source: source)
        cell.show(a)
        cell.show(b)
        #expect(cell.image?.pixelWidth == 2, "B's image came at once (from a cache) and should be shown")
        source.answer(a, with: testImage(width: 1))
        #expect(cell.image?.pixelWidth == 2)
    }

    /// Chapter 11's opening story, with the real downloader: LIFO and one slot, held until both
    /// requests are asked, so the stale request (A) answers last.
    @Test("The opening story, with ImageDownloader and HTTPBin: the reused cell ends up showing its own row's image")
    func openingStory() async throws {
        let server = try await HTTPBin.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let manager = HTTPSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "exercise.manager", attributes: .concurrent)
        let downloader = ImageDownloader(sessionManager: manager, downloadPrioritization: .lifo, maximumActiveDownloads: 1)
        downloader.completionQueue = DispatchQueue(label: "exercise.handlers")
        let holder = downloader.downloadImage(for: URLRequest(url: server.url("/fault/stall-after-headers")))
        let source = RealSource(downloader: downloader)
        let cell = Cell(source: source)
        cell.show(URLRequest(url: server.url("/image/numbered/100?size=4")))
        cell.show(URLRequest(url: server.url("/image/numbered/200?size=8")))
        if let holder { downloader.cancelTask(for: holder) }
        // Each request is answered once: with its image, or (cancelled) with nil.
        for _ in 0..<1000 where source.answers.withLock({ $0 }) < 2 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(cell.image?.pixelWidth == 8, "the cell shows \(cell.image.map { "a \($0.pixelWidth)-pixel image" } ?? "nothing"), not row 200's 8-pixel image")
        manager.invalidateSession(cancelingTasks: true)
        try await server.shutdown()
    }
}

/// A source whose answers the test gives, when it wants, in the order it wants.
final class ScriptedSource: ImageSource {
    struct Call: Sendable {
        let request: URLRequest
        let receiptID: UUID
        let answer: @Sendable (Image?) -> Void
    }

    let calls = Protected<[Call]>([])
    let cancelled = Protected<[(request: URLRequest, receiptID: UUID)]>([])
    let answersAtOnce: [URL: Image]

    init(answersAtOnce: [URL: Image] = [:]) {
        self.answersAtOnce = answersAtOnce
    }

    func download(_ request: URLRequest, receiptID: UUID, answer: @escaping @Sendable (Image?) -> Void) {
        calls.withLock { $0.append(Call(request: request, receiptID: receiptID, answer: answer)) }
        if let image = request.url.flatMap({ answersAtOnce[$0] }) { answer(image) }
    }

    func cancel(_ request: URLRequest, receiptID: UUID) {
        cancelled.withLock { $0.append((request, receiptID)) }
    }

    /// Calls the answer of the first call for `request`.
    func answer(_ request: URLRequest, with image: Image) {
        calls.withLock { $0.first { $0.request == request } }?.answer(image)
    }
}

/// `ImageDownloader` as an `ImageSource`, counting the answers it passes on.
struct RealSource: ImageSource {
    let downloader: ImageDownloader
    let answers = Protected(0)

    func download(_ request: URLRequest, receiptID: UUID, answer: @escaping @Sendable (Image?) -> Void) {
        let answers = answers
        downloader.downloadImage(
            for: request, receiptID: receiptID,
            success: { _, _, image in
                answer(image)
                answers.withLock { $0 += 1 }
            },
            failure: { _, _, _ in
                answer(nil)
                answers.withLock { $0 += 1 }
            })
    }

    func cancel(_ request: URLRequest, receiptID: UUID) {
        downloader.cancelTask(for: ImageDownloadReceipt(receiptID: receiptID, request: request))
    }
}

func testImage(width: Int) -> Image {
    Image(
        header: ImageHeader(format: .png, width: width, height: width, bitsPerComponent: 8, colorModel: .rgb),
        representation: .compressed(Data(), skipped: .inflationTurnedOff), scale: 1)
}
