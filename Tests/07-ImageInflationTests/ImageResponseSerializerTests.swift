import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation
import Testing

/// A response from a made-up host, with `contentType` in its header (nil: no Content-Type).
func imageResponse(status: Int = 200, _ contentType: String?) -> HTTPURLResponse {
    let headers = contentType.map { ["Content-Type": $0] } ?? [:]
    return HTTPURLResponse(
        url: URL(string: "https://images.example.com/picture")!, statusCode: status,
        httpVersion: "HTTP/1.1", headerFields: headers)!
}

/// What a serializer made of a response, in a form that can be compared: the image's header,
/// representation and scale, and the reasons of the error chain, outermost first.
struct Outcome: Equatable {
    var header: ImageHeader?
    var bitmap: Bitmap?
    var skipped: SkipReason?
    var scale: Double?
    var reasons: [ResponseSerializationError.Reason]

    init(_ result: SerializedResponse<Image>) {
        header = result.object?.header
        bitmap = result.object?.bitmap
        if case .compressed(_, let reason) = result.object?.representation { skipped = reason }
        scale = result.object?.scale
        reasons = result.error?.chain.map(\.reason) ?? []
    }
}

@Suite("ImageResponseSerializer: validate, then inflate")
struct ImageResponseSerializerTests {
    @Test("The defaults are AFNetworking's: its ten image types, 200 to 299, inflation on; the scale is 1")
    func defaults() {
        let serializer = ImageResponseSerializer()
        #expect(
            serializer.acceptableContentTypes == [
                "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
                "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
            ])
        #expect(serializer.acceptableStatusCodes == IndexSet(integersIn: 200..<300))
        #expect(serializer.automaticallyInflatesResponseImage)
        #expect(serializer.imageScale == 1)
    }

    @Test("A PNG response comes back inflated, at the serializer's scale, with no error")
    func inflates() throws {
        let data = try Fixture.data("png-rgba8.png")
        var serializer = ImageResponseSerializer()
        serializer.imageScale = 3
        let result = serializer.responseObject(for: imageResponse("image/png"), data: data)
        let image = try #require(result.object)
        #expect(result.error == nil)
        #expect(image.bitmap == (try decodeBitmap(from: data)))
        #expect(image.scale == 3 && image.size == (3, Double(Pattern.height) / 3))
    }

    @Test("A JPEG keeps its EXIF orientation, and the Content-Type is read as chapter 5 reads it")
    func orientationAndHeaderSpelling() throws {
        let data = try Fixture.data("jpeg-exif-orientation-6.jpg")
        let result = ImageResponseSerializer().responseObject(
            for: imageResponse("Image/JPEG ; charset=binary"), data: data)
        #expect(result.error == nil)
        #expect(result.object?.orientation == .right)
        #expect(result.object?.isInflated == true)
    }

    @Test("With inflation turned off, the image comes back compressed, its header read, and decodes when asked")
    func inflationTurnedOff() throws {
        let data = try Fixture.data("jpeg-rgb-baseline.jpg")
        var serializer = ImageResponseSerializer()
        serializer.automaticallyInflatesResponseImage = false
        let image = try #require(serializer.responseObject(for: imageResponse("image/jpeg"), data: data).object)
        guard case .compressed(let kept, .inflationTurnedOff) = image.representation else {
            // Named, not printed: an inflated image's bitmap would print every byte.
            let got =
                if case .compressed(_, let reason) = image.representation { "compressed: \(reason)" } else {
                    "inflated"
                }
            Issue.record("expected the image compressed, because inflation is off; it came back \(got)")
            return
        }
        #expect(kept == data)
        #expect(image.header.width == 24 && image.header.height == 16)
        #expect(try image.decodedBitmap() == JPEGDecodingTests.rgbBlocks)
    }

    @Test("The inflation rules still apply: a PNG sent as image/gif passes validation but stays compressed")
    func rulesApply() throws {
        let data = try Fixture.data("png-rgba8.png")
        let result = ImageResponseSerializer().responseObject(for: imageResponse("image/gif"), data: data)
        #expect(Outcome(result).skipped == .mimeTypeNotInflatable("image/gif"))
        #expect(result.error == nil)
        let large = ImageResponseSerializer().responseObject(
            for: imageResponse("image/png"), data: try Fixture.data("png-gray8-1025x1024.png"))
        #expect(Outcome(large).skipped == .tooManyPixels(width: 1025, height: 1024))
    }

    @Test("A response that is not HTTP (a file URL) is not validated, and decodes")
    func fileResponse() throws {
        let data = try Fixture.data("png-gray8.png")
        let file = URLResponse(
            url: URL(fileURLWithPath: "/tmp/gray.png"), mimeType: "image/png", expectedContentLength: data.count,
            textEncodingName: nil)
        let result = ImageResponseSerializer().responseObject(for: file, data: data)
        #expect(result.error == nil && result.object?.isInflated == true)
    }
}
