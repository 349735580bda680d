import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML  // XMLParser and XMLDocument live here on Linux, apart from Foundation
#endif
import ResponseValidation

// listing: xml-parser-serializer
/// Validates, then hands back an `XMLParser` for the body, not yet run, AFNetworking's
/// `AFXMLParserResponseSerializer`: the caller sets a delegate and calls `parse()`.
///
/// On Linux, check `parserError` as well as `parse()`'s result: FoundationXML's parser returns
/// true for some documents it reported errors on (`<a><b></a>`).
public struct XMLParserResponseSerializer: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: ["application/xml", "text/xml"])
    /// Whether a document that declares entities is handed on (see `XMLEntityGuard`).
    public var allowsEntityDeclarations = false

    public init() {}

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<XMLParser> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            try XMLEntityGuard.check(body, allowsEntityDeclarations: allowsEntityDeclarations)
            try XMLTextGuard.check(body)  // bodies that would crash the caller's delegate, on Linux
            let parser = XMLParser(data: body)
            // Already the default; stated, because a response must never make the client fetch or
            // read what it names.
            parser.shouldResolveExternalEntities = false
            return parser
        }
    }
}
// end-listing
