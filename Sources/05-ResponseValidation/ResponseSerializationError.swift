import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: serialization-error
/// Why a response was refused, with what AFNetworking puts in the error's `userInfo`: the response,
/// its body, and the error underneath this one, if any.
public struct ResponseSerializationError: Error, Sendable {
    public var reason: Reason
    /// The response that failed, AFNetworking's `AFNetworkingOperationFailingURLResponseErrorKey`.
    public var response: URLResponse?
    /// Its body, `AFNetworkingOperationFailingURLResponseDataErrorKey`: a failed response's body
    /// often holds the server's explanation.
    public var data: Data?
    /// The error this one wraps, `NSUnderlyingErrorKey`.
    public var underlyingError: ResponseSerializationError? {
        get { underlying?.error }
        set { underlying = newValue.map(Underlying.init) }
    }

    public init(
        _ reason: Reason, response: URLResponse?, data: Data?, underlyingError: ResponseSerializationError? = nil
    ) {
        self.reason = reason
        self.response = response
        self.data = data
        self.underlyingError = underlyingError
    }

    /// `NSURLErrorFailingURLErrorKey`.
    public var failingURL: URL? { response?.url }
    // end-listing

    // listing: serialization-error-box
    /// A struct cannot contain itself; a reference to an immutable box can.
    private var underlying: Underlying?
    private final class Underlying: Sendable {
        let error: ResponseSerializationError
        init(_ error: ResponseSerializationError) { self.error = error }
    }
    // end-listing
}

extension ResponseSerializationError {
    // listing: serialization-error-reasons
    /// What went wrong. The first two are this chapter's validation failures; the others are found
    /// by chapter 6's parsers. All of them live in one error domain, as in AFNetworking.
    public enum Reason: Error, Sendable, Hashable {
        /// The response's MIME type (nil: none was sent) is not one the serializer accepts.
        case unacceptableContentType(String?)
        /// The status code is not one the serializer accepts.
        case unacceptableStatusCode(Int)
        /// The body is larger than the serializer will parse.
        case bodyTooLarge(byteCount: Int, limit: Int)
        /// The response declares a charset this platform cannot decode.
        case unknownCharset(String)
        /// The body is not valid text in its charset; `byteOffset` is the first bad byte, when known.
        case invalidText(charset: String, byteOffset: Int?)
        /// The body nests arrays or objects deeper than the parser allows.
        case nestingTooDeep(limit: Int)
        /// The body is not well-formed in its format (`JSON`, `XML`, `property list`).
        case malformedBody(format: String, detail: String)
        /// An XML body declares entities, which the serializer refuses: expanding them can turn a
        /// few kilobytes into gigabytes.
        case entityDeclarationsRefused
        /// The body is well-formed but does not decode as the expected type.
        case decodingFailed(type: String, detail: String)
    }
    // end-listing
}

extension ResponseSerializationError.Reason: CustomStringConvertible {
    /// The error's localized description. The two validation messages keep AFNetworking's format
    /// (`Request failed: …`), which apps and their tests match against.
    public var description: String {
        switch self {
        case .unacceptableContentType(let mimeType):
            // AFNetworking formats a missing MIME type with `%@`, which prints `(null)`.
            return "Request failed: unacceptable content-type: \(mimeType ?? "(null)")"
        case .unacceptableStatusCode(let code):
            // AFNetworking's `localizedStringForStatusCode:` reason phrase: "not found" on macOS,
            // "Not Found" on Linux, where swift-corelibs-foundation capitalizes it.
            return "Request failed: \(HTTPURLResponse.localizedString(forStatusCode: code)) (\(code))"
        case .bodyTooLarge(let byteCount, let limit):
            return "Response body too large to parse: \(byteCount) bytes, more than the limit of \(limit)"
        case .unknownCharset(let name):
            return "Response declares a charset this platform cannot decode: \(name)"
        case .invalidText(let charset, let offset):
            return "Response body is not valid \(charset) text" + (offset.map { " (bad byte at offset \($0))" } ?? "")
        case .nestingTooDeep(let limit):
            return "Response body nests arrays or objects more than \(limit) levels deep"
        case .malformedBody(let format, let detail):
            return "Response body is not valid \(format): \(detail)"
        case .entityDeclarationsRefused:
            return "XML response declares entities, which are refused: expanding them can exhaust memory"
        case .decodingFailed(let type, let detail):
            return "Response body does not decode as \(type): \(detail)"
        }
    }
}

extension ResponseSerializationError: CustomStringConvertible {
    /// The reason, then each underlying reason: `Request failed: … ← Request failed: …`.
    public var description: String {
        chain.map(\.reason.description).joined(separator: " ← ")
    }
}
