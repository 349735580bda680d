import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ImageInflation
import ResponseValidation
import Testing

/// One loopback server for the whole suite, started on first use and never reached from outside
/// the machine: HTTPBin only listens on 127.0.0.1.
enum ImageServer {
    static let shared = Task { try await HTTPBin.start() }

    /// One GET through URLSession's completion-handler API (`data(for:)` can deadlock on Linux when
    /// cancelled). The request's 5 s timeout bounds the wait.
    static func get(_ pathAndQuery: String) async throws -> (HTTPURLResponse, Data) {
        let request = URLRequest(url: try await shared.value.url(pathAndQuery), timeoutInterval: 5)
        let (response, data) = try await withCheckedThrowingContinuation {
            (done: CheckedContinuation<(URLResponse?, Data), any Error>) in
            URLSession.shared.dataTask(with: request) { data, response, error in
                done.resume(with: error.map { .failure($0) } ?? .success((response, data ?? Data())))
            }.resume()
        }
        return (try #require(response as? HTTPURLResponse), data)
    }
}

/// HTTPBin's images, as `Sources/HTTPBin/Fixtures/make-fixtures.py` draws them: 16 × 16 unless
/// said otherwise.
enum ServedImage {
    /// small.png: red 16x, green 16y, blue 128, alpha 255 − 8x, straight (not premultiplied).
    static func small(_ x: Int, _ y: Int) -> Pixel {
        let alpha = UInt8(255 - 8 * x)
        return Pixel(
            blue: premultiplied(128, alpha), green: premultiplied(UInt8(16 * y), alpha),
            red: premultiplied(UInt8(16 * x), alpha), alpha: alpha)
    }

    /// opaque.png: red 16x, green 16y, blue 64.
    static func opaquePixel(_ x: Int, _ y: Int) -> Pixel { opaque(red: UInt8(16 * x), green: UInt8(16 * y), blue: 64) }

    /// gray.png: 8 (x + y).
    static func gray(_ x: Int, _ y: Int) -> Pixel {
        opaque(red: UInt8(8 * (x + y)), green: UInt8(8 * (x + y)), blue: UInt8(8 * (x + y)))
    }

    /// small.jpeg and progressive.jpeg, before JPEG's losses: red 16x, green 16y, blue 96.
    static func gradient(_ x: Int, _ y: Int) -> Pixel { opaque(red: UInt8(16 * x), green: UInt8(16 * y), blue: 96) }
}

@Suite("End to end: HTTPBin's image routes through URLSession and the serializer", .timeLimit(.minutes(1)))
struct ImageEndToEndTests {
    let serializer = ImageResponseSerializer()

    /// The image a route serves, through the synchronous entry point and the asynchronous one,
    /// which must agree.
    func image(_ pathAndQuery: String) async throws -> Image {
        let (response, data) = try await ImageServer.get(pathAndQuery)
        let result = serializer.responseObject(for: response, data: data)
        #expect(Outcome(await serializer.responseImage(for: response, data: data)) == Outcome(result))
        #expect(result.error == nil)
        return try #require(result.object)
    }

    @Test(
        "The PNGs decode to exactly the pixels drawn, premultiplied where there is alpha",
        arguments: [
            ("small", AlphaInfo.premultipliedFirst, ServedImage.small),
            ("opaque", .noneSkipFirst, ServedImage.opaquePixel),
            ("gray", .noneSkipFirst, ServedImage.gray),
        ] as [(String, AlphaInfo, @Sendable (Int, Int) -> Pixel)])
    func png(fixture: String, alphaInfo: AlphaInfo, pixel: @Sendable (Int, Int) -> Pixel) async throws {
        let bitmap = try #require(try await image("/image/png?fixture=\(fixture)").bitmap)
        #expect(bitmap == makeBitmap(width: 16, height: 16, alphaInfo: alphaInfo, pixel))
    }

    @Test("The JPEGs decode to the gradient drawn, within JPEG's losses; progressive and baseline alike")
    func jpeg() async throws {
        let baseline = try #require(try await image("/image/jpeg?fixture=small").bitmap)
        let progressive = try await image("/image/jpeg?fixture=progressive")
        #expect(progressive.header.isInterlaced)
        #expect(progressive.bitmap == baseline)
        #expect(baseline.width == 16 && baseline.height == 16 && baseline.alphaInfo == .noneSkipFirst)
        var worst = 0
        for y in 0..<16 {
            for x in 0..<16 {
                let (got, drawn) = (baseline.pixel(x: x, y: y), ServedImage.gradient(x, y))
                worst = max(
                    worst, abs(Int(got.red) - Int(drawn.red)), abs(Int(got.green) - Int(drawn.green)),
                    abs(Int(got.blue) - Int(drawn.blue)))
            }
        }
        // The gradient climbs 16 a pixel: no decoded value is off by a whole step.
        #expect(worst < 16, "the largest difference from the drawn gradient is \(worst)")
    }

    @Test(
        "What the rules skip comes back compressed, with its size, and still decodes",
        arguments: [
            ("/image/png?fixture=large", SkipReason.tooManyPixels(width: 1025, height: 1025), 1025),
            ("/image/jpeg?fixture=large", .tooManyPixels(width: 1025, height: 1025), 1025),
            ("/image/png?fixture=sixteen-bit", .moreThan8BitsPerComponent(16), 8),
            ("/image/jpeg?fixture=cmyk", .cmykJPEG, 16),
        ])
    func skipped(pathAndQuery: String, reason: SkipReason, side: Int) async throws {
        let image = try await image(pathAndQuery)
        guard case .compressed(_, let skipped) = image.representation else {
            Issue.record("\(pathAndQuery) was inflated")
            return
        }
        #expect(skipped == reason)
        #expect(image.pixelWidth == side && image.pixelHeight == side)
        #expect(try image.decodedBitmap().width == side)
    }

    @Test(
        "A body that reaches the decoder and fails: a truncated JPEG, and a 404 labelled image/png whose body is text",
        arguments: [
            ("/image/jpeg?fixture=truncated", [ImageError.truncatedData(.jpeg).serializationReason]),
            (
                "/response?status=404&content-type=image/png&body=gone",
                [ImageError.unrecognizedFormat.serializationReason, .unacceptableStatusCode(404)]
            ),
        ])
    func undecodable(pathAndQuery: String, reasons: [ResponseSerializationError.Reason]) async throws {
        let (response, data) = try await ImageServer.get(pathAndQuery)
        let result = await serializer.responseImage(for: response, data: data)
        #expect(result.object == nil)
        #expect(Outcome(result).reasons == reasons)
    }

    @Test("An HTML page, an empty image/png and a missing image each get their typed error")
    func refused() async throws {
        let (page, html) = try await ImageServer.get("/html")
        #expect(
            Outcome(await serializer.responseImage(for: page, data: html)).reasons == [
                .unacceptableContentType("text/html")
            ])

        let (empty, nothing) = try await ImageServer.get("/response?status=200&content-type=image/png")
        #expect(
            Outcome(await serializer.responseImage(for: empty, data: nothing)).reasons == [
                ImageError.emptyData.serializationReason
            ])

        // HTTPBin explains a missing fixture in JSON: the status error over the content-type error.
        let (missing, explanation) = try await ImageServer.get("/image/png?fixture=no-such-image")
        let contentType = try #require(ContentType(of: missing)?.mimeType)
        #expect(
            Outcome(await serializer.responseImage(for: missing, data: explanation)).reasons
                == [.unacceptableStatusCode(404), .unacceptableContentType(contentType)])
    }
}
