import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLResponse lives here on Linux
#endif

// listing: serializer-contract
/// Turns a response and its body into an object (AFNetworking's `AFURLResponseSerialization`
/// protocol, whose one method is `responseObjectForResponse:data:error:`).
///
/// The Objective-C method returns an object *and* sets an error, and it may do both at once: a
/// 422 response whose JSON body says `{"error": "email taken"}` fails validation, yet the body is
/// exactly what the caller needs. Swift's `throws` is either/or, so the contract returns both in one
/// value instead of throwing.
public protocol ResponseSerializer: Sendable {
    associatedtype Object
    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Object>
}
// end-listing

// listing: serialized-response
/// What a serializer made of a response: an object, an error, both, or neither. Chapter 5's
/// table says when each happens: a failed status can still come with its parsed body, and the
/// base `HTTPResponseSerializer` returns the body beside any validation error.
public struct SerializedResponse<Object> {
    public var object: Object?
    public var error: ResponseSerializationError?

    public init(object: Object?, error: ResponseSerializationError?) {
        self.object = object
        self.error = error
    }

    /// The object, or the error thrown, for a caller that has no use for a failed response's body.
    /// (The body is not lost: the error still carries the raw bytes in `data`.)
    public func get() throws(ResponseSerializationError) -> Object? {
        if let error { throw error }
        return object
    }
}
// end-listing

extension SerializedResponse: Sendable where Object: Sendable {}

extension ResponseSerializer {
    /// The same result with the object's type erased, so that serializers of different types can
    /// stand in one list (see `CompoundResponseSerializer` in chapter 6).
    public func anyResponseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        let result = responseObject(for: response, data: data)
        return SerializedResponse<Any>(object: result.object.map { $0 as Any }, error: result.error)
    }
}
