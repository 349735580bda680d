import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: json-response-serializer
/// Validates, then parses a JSON body into Foundation objects (`[String: Any]`, `[Any]`, `String`,
/// `NSNumber`, `NSNull`), AFNetworking's `AFJSONResponseSerializer`.
public struct JSONResponseSerializer: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: [
        "application/json", "text/json", "text/javascript",
    ])
    /// Passed to `JSONSerialization`: `.fragmentsAllowed` accepts a bare string or number.
    public var readingOptions: JSONSerialization.ReadingOptions = []
    /// Whether nulls are removed at every level: dictionary entries and, as in AFNetworking 4,
    /// array elements.
    public var removesKeysWithNullValues = false

    public init() {}

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            if JSONText.isSingleSpace(body) { return nil }
            let text = try JSONText.utf8(body, response: response, defaultEncoding: validation.stringEncoding)
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: text, options: readingOptions)
            } catch {
                throw JSONText.diagnoseFailure(of: text, parserError: error)
            }
            return removesKeysWithNullValues ? removingKeysWithNullValues(object) : object
        }
    }
}
// end-listing
