import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPSessionManager
import ImageInflation
import ResponseParsing
import ResponseValidation
import Testing

@Suite("httpbin's responses through chapters 5–7's serializers", .interopServer)
struct ResponseTests {
    /// What httpbin's `/gzip`, `/deflate` and `/brotli` answer once the body is decoded.
    struct Compressed: Decodable {
        var gzipped: Bool?
        var deflated: Bool?
        var brotli: Bool?
        var headers: [String: String]
    }

    @Test("A gzip-encoded body is decoded before the JSON serializer sees it")
    func gzip() async throws {
        try await withManager { manager in
            let result = try await manager.decoded(Compressed.self, "gzip")
            #expect(result.object.gzipped == true)
            #expect(result.object.headers["Accept-Encoding"]?.contains("gzip") == true)
            #expect(result.response.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        }
    }

    @Test("Deflate- and Brotli-encoded bodies are decoded too")
    func deflateAndBrotli() async throws {
        try await withManager { manager in
            let deflated = try await manager.decoded(Compressed.self, "deflate")
            #expect(deflated.object.deflated == true)
            #expect(deflated.response.value(forHTTPHeaderField: "Content-Encoding") == "deflate")
            // httpbin sends Brotli whatever the client offered, so ask only a client that offers
            // it. FoundationNetworking's libcurl does (checked here); Darwin's URLSession may
            // offer it over HTTPS only.
            let offered = try await manager.decoded(Echo.self, "get").object.header("Accept-Encoding") ?? ""
            #expect(offered.contains("br") || !isFoundationNetworking, "Accept-Encoding: \(offered)")
            guard offered.contains("br") else { return }
            let brotli = try await manager.decoded(Compressed.self, "brotli")
            #expect(brotli.object.brotli == true)
            #expect(brotli.response.value(forHTTPHeaderField: "Content-Encoding") == "br")
        }
    }

    // Expected pixels: httpbin's own image files, read with Pillow 13 (an independent decoder).
    // JPEG decoders may round the inverse DCT differently: a channel may differ by 2.

    @Test("httpbin's PNG decodes through chapter 7's serializer: 100 × 100, inflated, the right pixels")
    func png() async throws {
        try await withManager { manager in
            let image = try #require(
                try await manager.response("GET", "image/png", serializer: ImageResponseSerializer()).object)
            #expect(image.header.format == .png)
            #expect((image.pixelWidth, image.pixelHeight) == (100, 100))
            let bitmap = try #require(image.bitmap)
            #expect(bitmap.pixel(x: 0, y: 0) == Pixel(blue: 255, green: 255, red: 255, alpha: 255))
            #expect(bitmap.pixel(x: 50, y: 50) == Pixel(blue: 213, green: 213, red: 255, alpha: 255))
        }
    }

    @Test("httpbin's JPEG decodes through chapter 7's serializer: 239 × 178, inflated, the right pixels")
    func jpeg() async throws {
        try await withManager { manager in
            let image = try #require(
                try await manager.response("GET", "image/jpeg", serializer: ImageResponseSerializer()).object)
            #expect(image.header.format == .jpeg)
            #expect((image.pixelWidth, image.pixelHeight) == (239, 178))
            let bitmap = try #require(image.bitmap)
            for (x, y, red, green, blue) in [(50, 50, 157, 159, 138), (120, 90, 209, 210, 176)] {
                let pixel = bitmap.pixel(x: x, y: y)
                let actual = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
                #expect(zip(actual, [red, green, blue]).allSatisfy { abs($0 - $1) <= 2 }, "(\(x), \(y)): \(pixel)")
                #expect(pixel.alpha == 255)
            }
        }
    }

    @Test("The image route picks the type from a per-request Accept header")
    func negotiated() async throws {
        try await withManager { manager in
            let jpeg = try await manager.response(
                "GET", "image", headers: ["Accept": "image/jpeg"], serializer: ImageResponseSerializer())
            #expect(jpeg.object?.header.format == .jpeg)
            let png = try await manager.response(
                "GET", "image", headers: ["Accept": "image/png"], serializer: ImageResponseSerializer())
            #expect(png.object?.header.format == .png)
        }
    }

    @Test("A WebP or SVG image is refused by its content type, with a typed error that carries the body")
    func unsupportedImages() async throws {
        try await withManager { manager in
            for (path, type) in [("image/webp", "image/webp"), ("image/svg", "image/svg+xml")] {
                let error = await #expect(throws: ResponseSerializationError.self) {
                    try await manager.response("GET", path, serializer: ImageResponseSerializer())
                }
                #expect(error?.reason == .unacceptableContentType(type))
                #expect((error?.data?.count ?? 0) > 1000)
            }
        }
    }

    @Test("JSON decodes into a Decodable type; XML parses with chapter 6's XML serializer")
    func jsonAndXML() async throws {
        struct Slideshow: Decodable {
            struct Show: Decodable {
                var title: String
                var author: String
                var slides: [Slide]
            }
            struct Slide: Decodable { var title: String }
            var slideshow: Show
        }
        try await withManager { manager in
            let json = try await manager.decoded(Slideshow.self, "json").object.slideshow
            #expect(json.title == "Sample Slide Show")
            #expect(json.slides.map(\.title) == ["Wake up to WonderWidgets!", "Overview"])
            let xml = try #require(
                try await manager.response("GET", "xml", serializer: XMLDocumentResponseSerializer()).object)
            #expect(xml.rootElement()?.name == "slideshow")
            #expect(xml.rootElement()?.elements(forName: "slide").count == 2)
            #expect(xml.rootElement()?.attribute(forName: "title")?.stringValue == "Sample Slide Show")
        }
    }

    @Test("A UTF-8 text body arrives as sent")
    func utf8Text() async throws {
        try await withManager { manager in
            let body = try #require(
                try await manager.response("GET", "encoding/utf8", serializer: HTTPResponseSerializer()).object)
            let text = try #require(String(data: body, encoding: .utf8))
            #expect(text.contains("∮ E⋅da = Q"))
            #expect(text.contains("ði ıntəˈnæʃənəl fəˈnɛtık əsoʊsiˈeıʃn"))
        }
    }

    @Test("An HTML page refused by the JSON serializer, and a 418, give typed errors with the response and its body")
    func refusedResponses() async throws {
        try await withManager { manager in
            let html = await #expect(throws: ResponseSerializationError.self) { try await manager.get("html") }
            #expect(html?.reason == .unacceptableContentType("text/html"))
            #expect(html?.data.flatMap { String(data: $0, encoding: .utf8) }?.contains("Herman Melville") == true)
            let teapot = await #expect(throws: ResponseSerializationError.self) { try await manager.get("status/418") }
            #expect(teapot?.reason == .unacceptableStatusCode(418))
            #expect(teapot?.data.flatMap { String(data: $0, encoding: .utf8) }?.contains("teapot") == true)
            #expect((teapot?.response as? HTTPURLResponse)?.statusCode == 418)
        }
    }
}
