import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPBin
import ResponseParsing
import ResponseValidation
import Testing

/// Real responses from the embedded loopback server, through URLSession, into the serializers:
/// what the unit tests build by hand, checked against what arrives on the wire.
@Suite("End to end: HTTPBin's responses through the serializers")
struct EndToEndTests {
    /// One response from a fresh server, which is shut down whatever happens.
    func fetch(_ pathAndQuery: String, query: [String: String] = [:]) async throws -> (HTTPURLResponse, Data) {
        let server = try await HTTPBin.start()
        do {
            var components = try #require(URLComponents(url: server.url(pathAndQuery), resolvingAgainstBaseURL: false))
            components.queryItems =
                query.isEmpty
                ? nil : query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            let fetched = try await response(to: URLRequest(url: try #require(components.url), timeoutInterval: 5))
            try await server.shutdown()
            return fetched
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    /// Through the completion-handler API, not `data(for:)`, whose cancellation can deadlock on
    /// Linux; the request's 5 s timeout bounds the wait.
    func response(to request: URLRequest) async throws -> (HTTPURLResponse, Data) {
        try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume(returning: (response, data ?? Data()))
            }.resume()
        }
    }

    /// `/response` with the status, Content-Type and body the test chooses.
    func chosen(status: Int, contentType: String, body: String) async throws -> (HTTPURLResponse, Data) {
        try await fetch("/response", query: ["status": "\(status)", "content-type": contentType, "body": body])
    }

    @Test("A 422 with a JSON body gives the body and the status error together")
    func bodyWithError() async throws {
        let (response, data) = try await chosen(
            status: 422, contentType: "application/json", body: #"{"error":"email taken"}"#)
        let result = JSONResponseSerializer().responseObject(for: response, data: data)
        #expect((result.object as? [String: Any])?["error"] as? String == "email taken")
        #expect(result.error?.reason == .unacceptableStatusCode(422))
        #expect(result.error?.failingURL == response.url)
        #expect(result.error?.data == data)
    }

    @Test("An HTML page where JSON was expected gives the content-type error and no object")
    func htmlForJSON() async throws {
        let (response, data) = try await fetch("/html")
        let result = JSONResponseSerializer().responseObject(for: response, data: data)
        #expect(result.object == nil)
        #expect(result.error?.reason == .unacceptableContentType("text/html"))
    }

    @Test("A 500 with an HTML page gives the status error over the content-type error")
    func bothFail() async throws {
        let (response, data) = try await chosen(status: 500, contentType: "text/html", body: "<h1>down</h1>")
        let result = DecodableResponseSerializer<[String]>().responseObject(for: response, data: data)
        #expect(
            result.error?.chain.map { ($0 as NSError).code } == [
                NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData,
            ])
    }

    @Test("A 204 with no Content-Type and no body is valid, and has nothing to parse")
    func noContent() async throws {
        let (response, data) = try await fetch("/status/204")
        let result = JSONResponseSerializer().responseObject(for: response, data: data)
        #expect(result.object == nil && result.error == nil)
    }

    @Test("HTTPBin's JSON document parses, nulls removed at every level, UTF-8 intact")
    func jsonDocument() async throws {
        let (response, data) = try await fetch("/json")
        var serializer = JSONResponseSerializer()
        serializer.removesKeysWithNullValues = true
        let object = try #require(serializer.responseObject(for: response, data: data).object as? [String: Any])
        #expect(object["greeting"] as? String == "Grüße, 世界")
        #expect(canonicalJSON(object)?.contains("null") == false)
        let book = try #require(object["book"] as? [String: Any])
        #expect(book["price"] == nil && (book["review"] as? [String: Any])?.keys.sorted() == ["score"])
    }

    @Test("HTTPBin's JSON document decodes into Swift types")
    func decodable() async throws {
        struct Document: Decodable {
            struct Book: Decodable {
                struct Chapter: Decodable {
                    var number: Int
                    var draft: Bool?
                }
                var title: String
                var chapters: [Chapter]
            }
            var book: Book
        }
        let (response, data) = try await fetch("/json")
        let document = try #require(
            DecodableResponseSerializer<Document>().responseObject(for: response, data: data).object)
        #expect(document.book.chapters.map(\.number) == [2, 7])
        #expect(document.book.chapters.map(\.draft) == [nil, true])
    }

    @Test("HTTPBin's XML parses with a parser and as a document; its property list as a dictionary")
    func xmlAndPropertyList() async throws {
        let (xmlResponse, xml) = try await fetch("/xml")
        let parser = try #require(XMLParserResponseSerializer().responseObject(for: xmlResponse, data: xml).object)
        #expect(parser.parse())
        let document = try #require(XMLDocumentResponseSerializer().responseObject(for: xmlResponse, data: xml).object)
        #expect(
            try document.nodes(forXPath: "/book/chapter").compactMap(\.stringValue) == [
                "Query strings", "Image inflation",
            ])
        let (plistResponse, plist) = try await fetch("/plist")
        let dictionary =
            PropertyListResponseSerializer().responseObject(for: plistResponse, data: plist).object as? [String: Any]
        #expect(dictionary?["title"] as? String == "AFNetworking from the inside")
    }

    @Test("A compound serializer picks JSON, XML, or falls back to the bytes, by what the server sends")
    func compound() async throws {
        let compound = CompoundResponseSerializer([JSONResponseSerializer(), XMLParserResponseSerializer()])
        let (jsonResponse, json) = try await fetch("/json")
        #expect(compound.responseObject(for: jsonResponse, data: json).object is [String: Any])
        let (xmlResponse, xml) = try await fetch("/xml")
        #expect(
            compound.responseObject(for: xmlResponse, data: xml).object.map { type(of: $0) == XMLParser.self } == true)
        let (htmlResponse, html) = try await fetch("/html")
        #expect(compound.responseObject(for: htmlResponse, data: html).object as? Data == html)
    }

    @Test("A Content-Type with a space before the semicolon and a capitalized Charset is read as the RFC says")
    func headerSpelling() async throws {
        let (response, data) = try await chosen(
            status: 200, contentType: "application/json ; Charset=UTF-8", body: #"{"ok":true}"#)
        let result = JSONResponseSerializer().responseObject(for: response, data: data)
        #expect(result.error == nil)
        #expect((result.object as? [String: Any])?["ok"] as? Bool == true)
        #expect(ContentType(of: response)?.charset == "UTF-8")
    }

    @Test("An unknown charset, an entity bomb and an oversized body each get their typed error")
    func hostileBodies() async throws {
        let (klingon, klingonBody) = try await chosen(
            status: 200, contentType: "application/json; charset=x-klingon", body: "[]")
        #expect(
            JSONResponseSerializer().responseObject(for: klingon, data: klingonBody).error?.reason
                == .unknownCharset("x-klingon"))

        let (bomb, bombBody) = try await chosen(status: 200, contentType: "application/xml", body: billionLaughs)
        #expect(
            XMLDocumentResponseSerializer().responseObject(for: bomb, data: bombBody).error?.reason
                == .entityDeclarationsRefused)

        let (bytes, byteBody) = try await fetch("/bytes/4096")
        var small = HTTPResponseSerializer()
        small.maximumBodySize = 1024
        let result = small.serialize(bytes, data: byteBody) { body throws(ResponseSerializationError.Reason) in body }
        #expect(result.error?.reason == .bodyTooLarge(byteCount: 4096, limit: 1024))
    }
}
