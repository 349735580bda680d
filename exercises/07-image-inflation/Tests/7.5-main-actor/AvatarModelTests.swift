import Chapter07Exercise5
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation
import Locking
import Testing

/// Marks the main queue, which is the main actor's executor on macOS and on Linux alike.
/// `Thread.isMainThread` cannot tell: under `swift test` on Linux, the main queue (and with it the
/// main actor) is drained by a thread that is not the process's main thread.
let mainQueue = DispatchSpecificKey<Bool>()

/// Whether the caller runs as a job of the main queue, that is, on the main actor.
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

/// An opaque square image `side` pixels wide: what the decoder hands back.
func avatar(_ side: Int) -> Image {
    Image(header: ImageHeader(format: .png, width: side, height: side, bitsPerComponent: 8, colorModel: .rgb),
          representation: .inflated(Bitmap(width: side, height: side, bytesPerRow: side * 4, alphaInfo: .noneSkipFirst,
                                            pixels: [UInt8](repeating: 255, count: side * side * 4))),
          scale: 1)
}

/// Bodies the decoder knows: the slow one is held back until the test lets it go.
let slowBytes = Data([0x89, 0x50, 0x4E, 0x47, 1])
let fastBytes = Data([0x89, 0x50, 0x4E, 0x47, 2])

/// A decoder that notes, for every call, whether it ran on the main actor, and that holds the slow
/// body's decode back, off the main actor, until `release()`: the test decides which decode ends
/// first, instead of hoping for it. (On the main actor it never waits: that would stop the test.)
final class GatedDecoder: Sendable {
    private let onMain = Protected<[Bool]>([])
    private let started = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    /// One entry per call: true when that call ran on the main actor.
    var calls: [Bool] { onMain.withLock { $0 } }

    var decode: Decode {
        { body, _ throws(ImageError) in
            let isMain = onMainActor()
            self.onMain.withLock { $0.append(isMain) }
            if body == slowBytes {
                self.started.signal()
                if !isMain && self.gate.wait(timeout: .now() + 10) == .timedOut {
                    Issue.record("the slow decode was never released")
                }
                return avatar(2)
            }
            return avatar(3)
        }
    }

    /// Waits, without holding the main actor or a thread of Swift's pool, until the slow decode has begun.
    func slowDecodeStarted() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                if self.started.wait(timeout: .now() + 10) == .timedOut { Issue.record("the slow decode never began") }
                continuation.resume()
            }
        }
    }

    func release() { gate.signal() }
}

func response(_ status: Int, _ contentType: String) -> HTTPURLResponse {
    HTTPURLResponse(url: URL(string: "https://avatars.example.com/me")!, statusCode: status, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Type": contentType])!
}

/// One test at a time: a held-back decode holds one of the threads of Swift's global executor, as
/// many as the machine has cores, and two held back at once could leave the newer decode none.
@Suite("7.5 Keep the main actor free, and the newest avatar", .serialized)
@MainActor
struct AvatarModelTests {
    init() {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        // The checks below mean something only if the tests themselves run on the main actor.
        #expect(onMainActor(), "the answer tests should run on the main actor")
    }

    @Test("An image is decoded once, off the main actor, and shown")
    func offTheMainActor() async {
        let decoder = GatedDecoder()
        let model = AvatarModel(decode: decoder.decode)
        await model.show(response(200, "image/png"), data: fastBytes)
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image?.pixelWidth == 3 && model.error == nil)
    }

    @Test("A 404 with an image shows the picture and the status error, decoded off the main actor")
    func notFoundWithPicture() async {
        let decoder = GatedDecoder()
        let model = AvatarModel(decode: decoder.decode)
        await model.show(response(404, "image/jpeg"), data: fastBytes)
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image?.pixelWidth == 3)
        #expect(model.error?.reason == .unacceptableStatusCode(404))
    }

    @Test("A newer avatar is not replaced by an older one whose decode ends after it")
    func newestWins() async {
        let decoder = GatedDecoder()
        let model = AvatarModel(decode: decoder.decode)
        let older = Task { await model.show(response(200, "image/png"), data: slowBytes) }
        await decoder.slowDecodeStarted()
        await model.show(response(200, "image/png"), data: fastBytes)  // the newer one, decoded while the older one waits
        decoder.release()
        await older.value
        #expect(decoder.calls == [false, false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image?.pixelWidth == 3, "the avatar shown is \(model.image.map { "\($0.pixelWidth)×\($0.pixelHeight)" } ?? "none"): the older response's 2×2, decoded last, replaced the newer 3×3")
    }

    @Test("A newer response that fails is not replaced by an older picture either")
    func newerFailureWins() async {
        let decoder = GatedDecoder()
        let model = AvatarModel(decode: decoder.decode)
        let older = Task { await model.show(response(200, "image/png"), data: slowBytes) }
        await decoder.slowDecodeStarted()
        await model.show(response(200, "text/html"), data: Data("<h1>Moved</h1>".utf8))
        decoder.release()
        await older.value
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image == nil && model.error?.reason == .unacceptableContentType("text/html"),
                "shown: \(model.image.map { "a \($0.pixelWidth)×\($0.pixelHeight) image" } ?? "no image"), error \(String(describing: model.error?.reason))")
    }
}
