// Chapter 6's XML serializers: the entity guard (a byte scan before any parser), the
// well-formedness check that protects `XMLDocument`, and the parser handed back to the caller.
// The first byte chooses the options; the rest is the body.
//
// The property beyond "no crash": when the guard lets a body through, no parser may find an
// entity declaration in it. The guard scans bytes for `<!ENTITY`; libxml2 reads the document in
// whatever encoding it declares, so any way of spelling a declaration that the scan cannot see
// is a way past the guard.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import FuzzSupport
import ResponseParsing
import ResponseValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let flags = input.byte()
    let body = Data(input.rest())
    let response = response(contentType: flags & 1 == 1 ? "text/xml" : "application/xml")
    let allowsEntities = flags & 2 == 2

    // The parser serializer: the guard only, then the caller runs the parser.
    var parserSerializer = XMLParserResponseSerializer()
    parserSerializer.allowsEntityDeclarations = allowsEntities
    let parserResult = parserSerializer.responseObject(for: response, data: body)
    if let parser = parserResult.object {
        let listener = EntityListener()
        parser.delegate = listener
        _ = parser.parse()
        check(allowsEntities || listener.declarations.isEmpty,
              "the guard let through a body that declares \(listener.declarations)")
    } else if !body.isEmpty {
        // Refused only before parsing: for a declaration, an encoding, bytes that are not UTF-8
        // where libxml2 reads UTF-8, or markup FoundationXML cannot report.
        switch parserResult.error?.reason {
        case .entityDeclarationsRefused?, .unknownCharset?:
            break
        case .invalidText(charset: "utf-8", byteOffset: let offset?)?:
            check(String(validating: body.prefix(offset), as: UTF8.self) != nil && String(validating: body, as: UTF8.self) == nil,
                  "refused as invalid UTF-8 at byte \(offset)")
        case .malformedBody(format: "XML", detail: let detail)?:
            // Markup FoundationXML cannot report, or, with entities allowed, character references
            // beside their declarations, which may spell such markup where no scan can see it.
            check(detail.hasSuffix("which FoundationXML cannot report") || (allowsEntities && detail.hasSuffix("which may spell markup")),
                  "the parser serializer refused the body with another reason: \(detail)")
        default:
            check(false, "the parser serializer failed with \(String(describing: parserResult.error))")
        }
    }

    // The document serializer: guard, well-formedness, then `XMLDocument`.
    var documentSerializer = XMLDocumentResponseSerializer()
    documentSerializer.allowsEntityDeclarations = allowsEntities
    let documentResult = documentSerializer.responseObject(for: response, data: body)
    if let document = documentResult.object, !allowsEntities {
        // Not `document.dtd`: on Linux that traps when the document has none.
        let dtds = document.children?.filter { $0.kind == .DTDKind } ?? []
        let declared = dtds.flatMap { $0.children ?? [] }.filter { $0.kind == .entityDeclaration }
        check(declared.isEmpty, "the guard let through a document that declares \(declared.count) entities")
    }
    return 0
}

/// Records every entity declaration the parser reports, of any kind.
final class EntityListener: NSObject, XMLParserDelegate {
    var declarations: [String] = []

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        declarations.append(name)
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        declarations.append(name)
    }

    func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?, notationName: String?) {
        declarations.append(name)
    }
}
