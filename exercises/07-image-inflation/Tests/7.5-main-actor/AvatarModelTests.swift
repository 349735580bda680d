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

/// A decoder that gives a fixed outcome and notes, for every call, whether it ran on the main
/// actor. No image file is needed: the model never looks inside the bytes, the decoder does.
final class RecordingDecoder: Sendable {
    private let onMain = Protected<[Bool]>([])
    private let outcome: Result<Image, ImageError>

    init(_ outcome: Result<Image, ImageError>) { self.outcome = outcome }

    /// One entry per call: true when that call ran on the main actor.
    var calls: [Bool] { onMain.withLock { $0 } }

    var decode: Decode {
        { _, _ throws(ImageError) in
            let isMain = onMainActor()
            self.onMain.withLock { $0.append(isMain) }
            return try self.outcome.get()
        }
    }
}

/// A 2 × 2 opaque image, what the recording decoder hands back when it succeeds.
let avatar = Image(
    header: ImageHeader(format: .png, width: 2, height: 2, bitsPerComponent: 8, colorModel: .rgb),
    representation: .inflated(Bitmap(width: 2, height: 2, bytesPerRow: 8, alphaInfo: .noneSkipFirst, pixels: [UInt8](repeating: 255, count: 16))),
    scale: 1)

func response(_ status: Int, _ contentType: String) -> HTTPURLResponse {
    HTTPURLResponse(url: URL(string: "https://avatars.example.com/me")!, statusCode: status, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Type": contentType])!
}

let someBytes = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])

@Suite("7.5 Keep the main actor free")
@MainActor
struct AvatarModelTests {
    init() {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        // The checks below mean something only if the tests themselves run on the main actor.
        #expect(onMainActor(), "the answer tests should run on the main actor")
    }

    /// A model with a recording decoder, once it has been shown one response.
    func shown(_ status: Int, _ contentType: String, body: Data = someBytes,
               decoding outcome: Result<Image, ImageError> = .success(avatar)) async -> (AvatarModel, RecordingDecoder) {
        let decoder = RecordingDecoder(outcome)
        let model = AvatarModel(decode: decoder.decode)
        await model.show(response(status, contentType), data: body)
        return (model, decoder)
    }

    @Test("A PNG is decoded once, off the main actor, and shown")
    func offTheMainActor() async {
        let (model, decoder) = await shown(200, "image/png")
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image?.pixelWidth == 2 && model.error == nil)
    }

    @Test("An HTML page never reaches the decoder, and its content-type error is shown")
    func validatedFirst() async {
        let (model, decoder) = await shown(200, "text/html", body: Data("<h1>Moved</h1>".utf8))
        #expect(decoder.calls.isEmpty, "the decoder ran \(decoder.calls.count) time(s) on a page of HTML")
        #expect(model.image == nil)
        #expect(model.error?.reason == .unacceptableContentType("text/html"))
    }

    @Test("A 404 with an image shows the picture and the status error, decoded off the main actor")
    func notFoundWithPicture() async {
        let (model, decoder) = await shown(404, "image/jpeg")
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image != nil)
        #expect(model.error?.reason == .unacceptableStatusCode(404))
    }

    @Test("A damaged image shows the decoder's error as chapter 7's serializer reports it, and no picture")
    func damaged() async {
        let (model, decoder) = await shown(200, "image/jpeg", decoding: .failure(.truncatedData(.jpeg)))
        #expect(decoder.calls == [false], "decoder calls, true for each one on the main actor: \(decoder.calls)")
        #expect(model.image == nil)
        #expect(model.error?.reason == ImageError.truncatedData(.jpeg).serializationReason)
        #expect(model.error.map { ($0 as NSError).code } == NSURLErrorCannotDecodeContentData)
    }

    @Test("An empty image body never reaches the decoder, and shows chapter 7's empty-data error")
    func emptyBody() async {
        let (model, decoder) = await shown(200, "image/png", body: Data())
        #expect(decoder.calls.isEmpty, "the decoder ran \(decoder.calls.count) time(s) on an empty body")
        #expect(model.image == nil)
        #expect(model.error?.reason == ImageError.emptyData.serializationReason,
                "chapter 5 gives an empty body no error; chapter 7's serializer adds one: \(String(describing: model.error?.reason))")
    }

    @Test("A 404 with an empty body keeps chapter 5's status error, not the empty-data one")
    func notFoundEmpty() async {
        let (model, decoder) = await shown(404, "image/png", body: Data())
        #expect(decoder.calls.isEmpty, "the decoder ran \(decoder.calls.count) time(s) on an empty body")
        #expect(model.image == nil)
        #expect(model.error?.reason == .unacceptableStatusCode(404))
    }
}
