import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: http-response-serializer
/// Validates a response and hands back its body untouched (AFNetworking's
/// `AFHTTPResponseSerializer`). Every parser in chapter 6 validates with one of these first.
///
/// AFNetworking's serializers are classes, subclassed per format and copied with `NSCopying`.
/// Here a serializer is a value: configuring a copy never changes the original, and any thread may
/// use it at once.
public struct HTTPResponseSerializer: ResponseSerializer {
    /// The status codes that pass validation; nil accepts every status. AFNetworking: 200–299.
    public var acceptableStatusCodes: IndexSet? = IndexSet(integersIn: 200..<300)
    /// The MIME types that pass validation; nil (the default here) accepts every type.
    public var acceptableContentTypes: Set<String>?
    /// The encoding of a body whose response declares no charset.
    public var stringEncoding: String.Encoding = .utf8
    /// The largest body a parser built on this serializer will read (16 MiB; nil: no limit).
    /// AFNetworking has no limit. This serializer never parses, so it returns bodies of any size.
    public var maximumBodySize: Int? = 16 << 20

    public init(acceptableContentTypes: Set<String>? = nil) {
        self.acceptableContentTypes = acceptableContentTypes
    }

    /// The body as it came, and the validation error if the response is not acceptable.
    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
        SerializedResponse(object: data, error: validate(response, data: data).error)
    }
}
// end-listing

/// The outcome of validation. AFNetworking's `validateResponse:data:error:` returns a `BOOL` and
/// sets an error, and the two do not always go together: one invalid response has no error.
public enum Validation: Sendable {
    case valid
    /// The response is not acceptable. The error is nil in one case only: an unacceptable content
    /// type with an empty body, which AFNetworking fails without an error object.
    case invalid(ResponseSerializationError?)

    public var isValid: Bool {
        if case .valid = self { true } else { false }
    }

    public var error: ResponseSerializationError? {
        if case .invalid(let error) = self { error } else { nil }
    }
}
