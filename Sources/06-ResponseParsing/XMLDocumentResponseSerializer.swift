// XMLDocument exists in Foundation on macOS and in FoundationXML on Linux (and Windows), but not on
// iOS, tvOS or watchOS: AFNetworking, too, builds its document serializer for the Mac only.
#if os(macOS) || canImport(FoundationXML)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import ResponseValidation

// listing: xml-document-serializer
/// Validates, then parses the body into an `XMLDocument` tree, AFNetworking's
/// `AFXMLDocumentResponseSerializer`.
public struct XMLDocumentResponseSerializer: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: ["application/xml", "text/xml"])
    /// Passed to `XMLDocument`; `.nodeLoadExternalEntitiesNever` is always added.
    public var options: XMLNode.Options = []
    /// Whether a document that declares entities is parsed (see `XMLEntityGuard`).
    public var allowsEntityDeclarations = false

    public init() {}

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<XMLDocument> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            try XMLEntityGuard.check(body, allowsEntityDeclarations: allowsEntityDeclarations)
            try XMLTextGuard.check(body)  // bodies that would crash the next check's delegate, on Linux
            try XMLWellFormedness.check(body)
            do {
                // Without this option, FoundationXML on Linux reads a `SYSTEM "file:///…"` entity
                // from disk into the document.
                return try XMLDocument(data: body, options: options.union(.nodeLoadExternalEntitiesNever))
            } catch {
                throw .malformedBody(format: "XML", detail: error.localizedDescription)
            }
        }
    }
}
// end-listing
#endif
