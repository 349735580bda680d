import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: property-list-serializer
/// Validates, then parses a property list (XML or binary) into Foundation objects, AFNetworking's
/// `AFPropertyListResponseSerializer`.
public struct PropertyListResponseSerializer: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: ["application/x-plist"])
    public var readOptions: PropertyListSerialization.ReadOptions = []

    public init() {}

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            do {
                return try PropertyListSerialization.propertyList(from: body, options: readOptions, format: nil)
            } catch {
                let message = (error as NSError).userInfo["NSDebugDescription"] as? String
                throw .malformedBody(format: "property list", detail: message ?? error.localizedDescription)
            }
        }
    }
}
// end-listing
