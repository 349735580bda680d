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
let quadraticBlowup =
    "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e \"\(String(repeating: "x", count: 10_000))\">]><a>"
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
        #expect(
            XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason
                == .entityDeclarationsRefused)
        #expect(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason
                == .entityDeclarationsRefused)
    }

    @Test("The refusal sees through UTF-16")
    func utf16() throws {
        let data = try #require(
            billionLaughs.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "").data(using: .utf16))
        #expect(
            XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: data).error?.reason
                == .entityDeclarationsRefused)
    }

    @Test("Allowed through, a billion laughs still does not expand in XMLParser")
    func parserDoesNotExpand() throws {
        var serializer = XMLParserResponseSerializer()
        serializer.allowsEntityDeclarations = true
        let parser = try #require(
            serializer.responseObject(for: response("application/xml"), data: Data(billionLaughs.utf8)).object)
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
        #expect(
            serializer.responseObject(for: response("application/xml"), data: Data(quadraticBlowup.utf8)).error?.reason
                == .entityDeclarationsRefused)
        serializer.allowsEntityDeclarations = true
        let document = try #require(
            serializer.responseObject(for: response("application/xml"), data: Data(quadraticBlowup.utf8)).object)
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
        let document = try #require(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: body).object)
        #expect(try document.nodes(forXPath: "/feed/item").compactMap(\.stringValue) == ["one", "two"])
    }

    @Test("An empty body gives no document and no error: XMLDocument never sees it (on Linux it would crash)")
    func emptyBody() {
        let result = XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: Data())
        #expect(result.object == nil && result.error == nil)
    }

    @Test(
        "Malformed XML gives malformedBody from the document serializer, and never a crash",
        arguments: [
            "<a><b></a>", "not xml at all", "<a>", "<a/><b/>", "<?xml version=\"1.0\"?>", "  ", "<a>&undefined;</a>",
            "\0",
        ])
    func malformed(xml: String) throws {
        let reason = try #require(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: Data(xml.utf8))
                .error?.reason)
        guard case .malformedBody(format: "XML", _) = reason else {
            Issue.record("unexpected reason \(reason)")
            return
        }
    }

    /// Bodies libxml2 reads as UTF-8 whose names are not UTF-8. On Linux, an `XMLParser` with any
    /// delegate stops the process on each (FoundationXML force-unwraps the names it hands over).
    /// The first is the XML fuzz target's input (Fuzz/Targets/xml), shortened: HTTPBin's document
    /// with an attribute name damaged.
    static let namesThatAreNotUTF8: [(body: [UInt8], firstBadByte: Int)] = [
        (
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<book>\n  <chapter num".utf8) + [0xFF, 0xFF]
                + Array("ber=\"7\">Image inflation</chapter>\n</book>\n".utf8), 60
        ),
        (Array("<a n".utf8) + [0xFF] + Array("=\"1\"/>".utf8), 4),
        (Array("<a".utf8) + [0xC3] + Array("></a>".utf8), 2),
        // libxml2 ignores a declared UTF-16 on 8-bit text, and reads it as UTF-8.
        (Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a n".utf8) + [0xFE] + Array("=\"1\"/>".utf8), 43),
    ]

    @Test(
        "XML read as UTF-8 that is not valid UTF-8 is invalidText from both serializers, before any parser runs",
        arguments: namesThatAreNotUTF8.indices)
    func namesNotUTF8(index: Int) {
        let (body, firstBadByte) = Self.namesThatAreNotUTF8[index]
        let parser = XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: Data(body))
        #expect(parser.object == nil)
        #expect(parser.error?.reason == .invalidText(charset: "utf-8", byteOffset: firstBadByte))
        let document = XMLDocumentResponseSerializer().responseObject(
            for: response("application/xml"), data: Data(body))
        #expect(document.object == nil)
        #expect(document.error?.reason == .invalidText(charset: "utf-8", byteOffset: firstBadByte))
    }

    @Test(
        "XML in an encoding whose markup is not ASCII bytes is refused with unknownCharset",
        arguments: ["UTF-7", "IBM037", "x-unknown"])
    func asciiIncompatibleEncodings(encoding: String) {
        let body = Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><a>text</a>".utf8)
        #expect(
            XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: body).error?.reason
                == .unknownCharset(encoding))
        #expect(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: body).error?.reason
                == .unknownCharset(encoding))
    }

    @Test("XML that declares an 8-bit charset goes through libxml2's converter, and parses")
    func eightBitCharsets() throws {
        let latin1 = Data(
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a n=\"caf".utf8) + [0xE9] + Array("\">caf".utf8) + [
                0xE9
            ] + Array("</a>".utf8))
        let document = try #require(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: latin1).object)
        #expect(document.rootElement()?.stringValue == "café")
        #expect(document.rootElement()?.attribute(forName: "n")?.stringValue == "café")
        #expect(
            XMLParserResponseSerializer().responseObject(for: response("application/xml"), data: latin1).object != nil)
        // What httpbin.org's /xml declares.
        let ascii = Data("<?xml version='1.0' encoding='us-ascii'?><slideshow title=\"Sample\"/>".utf8)
        #expect(
            try XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: ascii).get()?
                .rootElement()?.name == "slideshow")
    }

    @Test("A declaration libxml2 may not follow leaves the text UTF-8, and checked")
    func damagedDeclaration() {
        // Text between the version and the encoding: libxml2 reports it and reads on in UTF-8.
        let body = Data(
            Array("<?xml version=\"1.0\" x encoding=\"ISO-8859-1\"?><a n".utf8) + [0xE9] + Array("=\"1\"/>".utf8))
        #expect(
            XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: body).error?.reason
                == .invalidText(charset: "utf-8", byteOffset: 49))
    }

    @Test("An entity declared in UTF-7, where no `<!ENTITY` byte shows, is refused before libxml2 expands it")
    func entityInUTF7() {
        // In UTF-7, `+ADw-` is `<` and `+AD4-` is `>`: libxml2 converts them and expands the entity,
        // 100 copies of 1,000 characters, while the bytes hold no `<!ENTITY` for the entity guard.
        let entity = "+ADw-!ENTITY e \"" + String(repeating: "x", count: 1000) + "\"+AD4-"
        let body = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-7\"?><!DOCTYPE a [" + entity + "]><a>"
                + String(repeating: "&e;", count: 100) + "</a>").utf8)
        let result = XMLDocumentResponseSerializer().responseObject(for: response("application/xml"), data: body)
        #expect(result.object == nil)
        #expect(result.error?.reason == .unknownCharset("UTF-7"))
    }

    /// Well-formed markup with an optional part missing, which FoundationXML on Linux reads anyway
    /// (a null C string): an `XMLParser` with any delegate stops the process on each. The first is
    /// the XML fuzz target's input (Fuzz/Targets/xml), shortened.
    static let markupWithAMissingPart = [
        "<?pi?><a/>",
        "<a><?target?></a>",
        "<!DOCTYPE a [<!ATTLIST a b CDATA #IMPLIED>]><a/>",
        "<!DOCTYPE a [<!NOTATION n SYSTEM \"n\">]><a/>",
    ]

    @Test(
        "Markup FoundationXML cannot report is malformedBody from both serializers, before any parser runs",
        arguments: markupWithAMissingPart)
    func unreportableMarkup(xml: String) {
        for result in [
            XMLParserResponseSerializer().anyResponseObject(for: response("application/xml"), data: Data(xml.utf8)),
            XMLDocumentResponseSerializer().anyResponseObject(for: response("application/xml"), data: Data(xml.utf8)),
        ] {
            #expect(result.object == nil)
            guard case .malformedBody(format: "XML", let detail)? = result.error?.reason else {
                Issue.record("unexpected result \(String(describing: result.error))")
                continue
            }
            #expect(detail.hasSuffix("which FoundationXML cannot report"))
        }
    }

    @Test("Even with entities allowed, an unparsed entity is refused: FoundationXML cannot report it either")
    func unparsedEntity() {
        var serializer = XMLParserResponseSerializer()
        serializer.allowsEntityDeclarations = true
        let body = Data("<!DOCTYPE a [<!ENTITY e SYSTEM \"e.png\" NDATA png>]><a/>".utf8)
        #expect(
            serializer.responseObject(for: response("application/xml"), data: body).error?.reason
                == .malformedBody(format: "XML", detail: "an unparsed entity, which FoundationXML cannot report"))
    }

    @Test("Even with entities allowed, an entity that spells markup with character references is refused")
    func entitySpellingMarkup() {
        // Expanded, `&#60;?pi?>` is a processing instruction without data, which no byte shows.
        var serializer = XMLParserResponseSerializer()
        serializer.allowsEntityDeclarations = true
        let body = Data("<!DOCTYPE a [<!ENTITY e \"&#60;?pi?>\">]><a>&e;</a>".utf8)
        #expect(
            serializer.responseObject(for: response("application/xml"), data: body).error?.reason
                == .malformedBody(
                    format: "XML", detail: "character references beside entity declarations, which may spell markup"))
    }

    @Test("A processing instruction with data, even empty data, is read as usual")
    func processingInstructions() throws {
        for xml in ["<a><?target ?></a>", "<a><?target data?></a>", "<?xml-stylesheet href=\"a.xsl\"?><a/>"] {
            #expect(
                try XMLDocumentResponseSerializer().responseObject(
                    for: response("application/xml"), data: Data(xml.utf8)
                ).get() != nil)
        }
    }
}
