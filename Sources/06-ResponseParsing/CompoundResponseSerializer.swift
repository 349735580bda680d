import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: compound-serializer
/// Tries several serializers in order and returns the first object one of them makes, with that
/// serializer's error, AFNetworking's `AFCompoundResponseSerializer`. When none makes an object,
/// it falls back to the base behaviour: validate, and return the body as it came.
///
/// Typical use: a server that answers JSON, or XML, depending on the day. Each serializer checks
/// its own content types, so the JSON one steps aside for an XML response.
public struct CompoundResponseSerializer: ValidatingResponseSerializer {
    public var serializers: [any ResponseSerializer]
    /// Used only for the fallback; it accepts any content type, as AFNetworking's base does.
    public var validation = HTTPResponseSerializer()

    public init(_ serializers: [any ResponseSerializer]) {
        self.serializers = serializers
    }

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        for serializer in serializers {
            let result = serializer.anyResponseObject(for: response, data: data)
            if result.object != nil { return result }
        }
        return validation.anyResponseObject(for: response, data: data)
    }
}
// end-listing
