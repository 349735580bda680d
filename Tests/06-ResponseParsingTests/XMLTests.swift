import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import ResponseParsing
import ResponseValidation
import Testing

/// A billion laughs: ten entities, each ten copies of the one before; `&lol9;` would be 10⁹ "lol"s.
let billionLaughs: String = {
    var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
    for level in 1...9 {
        document += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    return document + "]>\n<lolz>&lol9;</lolz>"
}()

/// Quadratic blowup: one 10 KB entity pasted 100 times. No entity refers to another, so libxml2's
/// loop detection does not fire; expanded, 8 KB of document becomes 1 MB.
let quadraticBlowup = "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e \"\(String(repeating: "x", count: 10_000))\">]><a>"
    + String(repeating: "&e;", count: 100) + "</a>"

/// Counts the characters a parser delivers.
final class CharacterCounter: NSObject, XMLParserDelegate {
    var count = 0
    func parser(_ parser: XMLParser, foundCharacters string: String) { count += string.count }
}

@Suite("XML: a parser or a document, and entities refused")
struct XMLTests {
    let body = Data("<feed><item>one</item><item>two</item></feed>".utf8)

    @Test("The parser serializer hands back a parser for the body, not yet run")
    func parser() throws {
        let result = XMLParserResponseSerializer().responseObject(for: response("text/xml"), data: body)
        let parser = try #require(result.object)
        let counter = CharacterCounter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.count == 6)
        #expect(!parser.shouldResolveExternalEntities)
    }

    @Test("An XML serializer refuses a JSON content type and returns no parser")
    func contentType() {
        let result = XMLParserResponseSerializer().responseObject(for: response("application/json"), data: body)
        #expect(result.object == nil)
        #expect(result.error?.reason == .unacceptableContentType("application/json"))
    }

    @Test("A billion-laughs document is refused with entityDeclarationsRefused, by both serializers")
    func billionLaughsRefused() {
        let data = Data(billionLaughs.utf8)
        #expect(XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason == .entityDeclarationsRefused)
        #expect(XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason == .entityDeclarationsRefused)
    }

    @Test("The refusal sees through UTF-16")
    func utf16() throws {
        let data = try #require(billionLaughs.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "").data(using: .utf16))
        #expect(XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason == .entityDeclarationsRefused)
    }

    @Test("Allowed through, a billion laughs still does not expand in XMLParser")
    func parserDoesNotExpand() throws {
        var serializer = XMLParserResponseSerializer()
        serializer.allowsEntityDeclarations = true
        let parser = try #require(serializer.responseObject(for: response("application/xml"), data: Data(billionLaughs.utf8)).object)
        let counter = CharacterCounter()
        parser.delegate = counter
        let parsed = parser.parse()
        #expect(counter.count < 1_000)
        #if os(Linux)
        // libxml2 2.9 stops with XML_ERR_ENTITY_LOOP (89): "Detected an entity reference loop".
        #expect(!parsed)
        #expect((parser.parserError as NSError?)?.code == 89)
        #endif
        _ = parsed
    }

    @Test("Allowed through, a quadratic blowup does expand in XMLDocument: why entities are refused")
    func documentExpands() throws {
        var serializer = XMLDocumentResponseSerializer()
        #expect(serializer.responseObject(for: response("application/xml"), data: Data(quadraticBlowup.utf8)).error?.reason == .entityDeclarationsRefused)
        serializer.allowsEntityDeclarations = true
        let document = try #require(serializer.responseObject(for: response("application/xml"), data: Data(quadraticBlowup.utf8)).object)
        #expect(document.rootElement()?.stringValue?.count == 1_000_000)
    }

    @Test("Even with entities allowed, the document serializer never reads an external entity")
    func noExternalEntities() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("afn-xxe-\(UUID().uuidString).txt")
        try "SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"\(secret.absoluteString)\">]><a>&x;</a>"
        var serializer = XMLDocumentResponseSerializer()
        serializer.allowsEntityDeclarations = true
        let result = serializer.responseObject(for: response("application/xml"), data: Data(xml.utf8))
        #expect(result.object?.rootElement()?.stringValue?.contains("SECRET") != true)
    }

    @Test("The document serializer builds a tree")
    func document() throws {
        let document = try #require(XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: body).object)
        #expect(try document.nodes(forXPath: "/feed/item").compactMap(\.stringValue) == ["one", "two"])
    }

    @Test("An empty body gives no document and no error: XMLDocument never sees it (on Linux it would crash)")
    func emptyBody() {
        let result = XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: Data())
        #expect(result.object == nil && result.error == nil)
    }

    @Test("Malformed XML gives malformedBody from the document serializer, and never a crash", arguments: [
        "<a><b></a>", "not xml at all", "<a>", "<a/><b/>", "<?xml version=\"1.0\"?>", "  ", "<a>&undefined;</a>", "\0",
    ])
    func malformed(xml: String) throws {
        let reason = try #require(XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: Data(xml.utf8)).error?.reason)
        guard case .malformedBody(format: "XML", _) = reason else {
            Issue.record("unexpected reason \(reason)")
            return
        }
    }
}
