import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation
import Testing

@Suite("ImageResponseSerializer: bad input gets a typed error, never a crash")
struct ImageSerializerBadInputTests {
    let serializer = ImageResponseSerializer()

    @Test(
        "A truncated PNG or JPEG is a malformed body whose detail is the decoder's own sentence",
        arguments: [("png-truncated.png", "image/png", ImageFormat.png), ("jpeg-truncated.jpg", "image/jpeg", .jpeg)])
    func truncated(name: String, contentType: String, format: ImageFormat) throws {
        let data = try Fixture.data(name)
        let result = serializer.responseObject(for: imageResponse(contentType), data: data)
        #expect(result.object == nil)
        let error = try #require(result.error)
        #expect(
            error.reason
                == .malformedBody(format: "\(format)", detail: "The \(format) data ends before the image is complete."))
        #expect(error.reason == ImageError.truncatedData(format).serializationReason)
        #expect(error.data == data && error.underlyingError == nil)
    }

    @Test("The lenient option keeps what a truncated JPEG decodes to")
    func lenient() throws {
        var lenient = serializer
        lenient.decodingOptions = DecodingOptions(strictness: .lenient)
        let result = lenient.responseObject(
            for: imageResponse("image/jpeg"), data: try Fixture.data("jpeg-truncated.jpg"))
        #expect(result.error == nil && result.object?.bitmap?.width == 24)
    }

    @Test(
        "A bomb's header is refused before any pixel memory exists, inflating or not",
        arguments: [("png-bomb-100000x100000.png", 100_000), ("jpeg-bomb-65500x65500.jpg", 65_500)], [true, false])
    func bomb(fixture: (name: String, side: Int), inflates: Bool) throws {
        let (name, side) = fixture
        var serializer = serializer
        serializer.automaticallyInflatesResponseImage = inflates
        let contentType = name.hasSuffix(".png") ? "image/png" : "image/jpeg"
        let result = serializer.responseObject(for: imageResponse(contentType), data: try Fixture.data(name))
        let bomb = ImageError.tooLarge(width: side, height: side, maxPixelCount: DecodingOptions.defaultMaxPixelCount)
        #expect(result.object == nil)
        #expect(result.error?.reason == .decodingFailed(type: "Image", detail: bomb.description))
    }

    @Test("An HTML page is refused by its content type before any decoder sees it, and a PNG sent as octet-stream too")
    func wrongContentType() throws {
        let html = serializer.responseObject(for: imageResponse("text/html"), data: Data("<h1>Moved</h1>".utf8))
        #expect(html.object == nil)
        // Only the content-type error: a decode error on top would mean the page was decoded.
        #expect(Outcome(html).reasons == [.unacceptableContentType("text/html")])
        let png = serializer.responseObject(
            for: imageResponse("application/octet-stream"), data: try Fixture.data("png-rgba8.png"))
        #expect(png.object == nil)
        #expect(Outcome(png).reasons == [.unacceptableContentType("application/octet-stream")])
    }

    @Test(
        "An empty body is an error however it came: no image is empty",
        arguments: [(200, "image/png"), (204, nil), (200, "text/html")] as [(Int, String?)], [Data(), nil] as [Data?])
    func empty(response: (status: Int, contentType: String?), data: Data?) {
        let result = serializer.responseObject(
            for: imageResponse(status: response.status, response.contentType), data: data)
        #expect(result.object == nil)
        #expect(Outcome(result).reasons == [.malformedBody(format: "PNG or JPEG", detail: "The image data is empty.")])
    }

    @Test("A 404 with an image body gives the image and the status error, as AFNetworking does")
    func notFoundWithImage() throws {
        let data = try Fixture.data("png-rgba8.png")
        let result = serializer.responseObject(for: imageResponse(status: 404, "image/png"), data: data)
        #expect(result.object?.bitmap == (try decodeBitmap(from: data)))
        #expect(Outcome(result).reasons == [.unacceptableStatusCode(404)])
        #expect(throws: ResponseSerializationError.self) { try result.get() }
    }

    @Test("A 404 whose image body is damaged gives the decode error over the status error")
    func notFoundWithDamagedImage() throws {
        let result = serializer.responseObject(
            for: imageResponse(status: 404, "image/jpeg"), data: try Fixture.data("jpeg-truncated.jpg"))
        #expect(result.object == nil)
        #expect(
            Outcome(result).reasons == [
                ImageError.truncatedData(.jpeg).serializationReason, .unacceptableStatusCode(404),
            ])
        let codes = result.error?.chain.map { ($0 as NSError).code }
        #expect(codes == [NSURLErrorCannotDecodeContentData, NSURLErrorBadServerResponse])
    }

    @Test("A GIF passes validation, AFNetworking's list includes it, and fails to decode: neither PNG nor JPEG")
    func gif() throws {
        let result = serializer.responseObject(
            for: imageResponse("image/gif"), data: try Fixture.data("not-png-or-jpeg.gif"))
        #expect(result.object == nil)
        #expect(
            Outcome(result).reasons == [
                .malformedBody(format: "PNG or JPEG", detail: ImageError.unrecognizedFormat.description)
            ])
    }

    @Test("A body over the size limit is refused before the decoder, as chapter 5's parsers refuse it")
    func bodyTooLarge() throws {
        var small = serializer
        small.maximumBodySize = 100
        let data = try Fixture.data("png-rgba8.png")
        let result = small.responseObject(for: imageResponse("image/png"), data: data)
        #expect(Outcome(result).reasons == [.bodyTooLarge(byteCount: data.count, limit: 100)])
    }

    @Test("Decoding errors bridge to AFNetworking's domain, as -1016, with the response and the body")
    func bridging() throws {
        let data = try Fixture.data("png-corrupt-crc.png")
        let response = imageResponse("image/png")
        let error = try #require(serializer.responseObject(for: response, data: data).error) as NSError
        #expect(error.domain == "com.alamofire.error.serialization.response")
        #expect(error.code == NSURLErrorCannotDecodeContentData)
        #expect(error.userInfo[ResponseSerializationError.failingURLResponseDataKey] as? Data == data)
        #expect(error.userInfo[NSURLErrorFailingURLErrorKey] as? URL == response.url)
        #expect(
            error.localizedDescription
                == "Response body is not valid PNG: The PNG data is damaged: IDAT: incorrect data check.")
    }

    @Test(
        "Every truncation of a fixture gives an image or a typed error, on both entry points", .timeLimit(.minutes(1)))
    func everyTruncation() async throws {
        let data = try Fixture.data("jpeg-rgb-progressive.jpg")
        for length in 0...data.count {
            let prefix = data.prefix(length)
            let result = serializer.responseObject(for: imageResponse("image/jpeg"), data: prefix)
            #expect((result.object == nil) != (result.error == nil), "\(length) bytes")
            #expect(
                Outcome(await serializer.responseImage(for: imageResponse("image/jpeg"), data: prefix))
                    == Outcome(result))
        }
    }
}
