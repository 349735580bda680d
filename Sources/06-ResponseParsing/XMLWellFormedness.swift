import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ResponseValidation

// listing: xml-well-formedness
/// Whether a body is one well-formed XML document, asked of `XMLParser` before `XMLDocument` sees
/// the body.
///
/// On Linux, `XMLDocument(data:)` is not safe to call on just any bytes: it crashes the process on
/// some input, and "repairs" malformed input into a document instead of throwing. `XMLParser`
/// reports those problems, but not always through `parse()`'s result (`<a><b></a>` parses "true"),
/// and an unclosed `<a>` reports nothing at all. So the check listens for every sign: an error,
/// the end of the document, and exactly one root element.
final class XMLWellFormedness: NSObject, XMLParserDelegate {
    private var depth = 0
    private var rootElements = 0
    private var reachedEnd = false
    private var firstError: (any Error)?

    static func check(_ body: Data) throws(ResponseSerializationError.Reason) {
        let parser = XMLParser(data: body)
        let listener = XMLWellFormedness()
        parser.delegate = listener
        let parsed = parser.parse()
        let error = listener.firstError ?? parser.parserError
        guard parsed, error == nil, listener.reachedEnd, listener.rootElements == 1, listener.depth == 0 else {
            let code = error.map { "libxml2 error \(($0 as NSError).code)" } ?? "the document is incomplete"
            throw .malformedBody(
                format: "XML", detail: "\(code) at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
    }
    // end-listing

    // listing: xml-well-formedness-listener
    // What the parser reports, kept for `check`: elements open and closed, errors, the end.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if depth == 0 { rootElements += 1 }
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstError == nil { firstError = parseError }
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        reachedEnd = true
    }
    // end-listing
}
