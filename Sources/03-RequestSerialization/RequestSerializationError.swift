import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that can stop a serializer from producing a request, as a case a caller can switch
/// over. Each case also bridges to an `NSError` in the domain AFNetworking gives its request
/// serialization errors, `com.alamofire.error.serialization.request`, for code that logs or
/// compares domains and codes. The bridge is the course's: AFNetworking asserts on a bad URL
/// instead of making an error, and returns a failing query block's own error unwrapped.
public enum RequestSerializationError: Error {
    /// The URL string could not be parsed. AFNetworking asserts (`NSParameterAssert(url)`), which
    /// crashes a debug build and sends a request to nowhere in a release build.
    case badURL(String)
    /// The custom query-string closure threw. Its error travels unchanged, as AFNetworking passes
    /// the block's `NSError` straight to the caller.
    case queryStringSerializationFailed(any Error)
    /// The default query string is built from a dictionary; these parameters are something else.
    case parametersNotADictionary(typeName: String)
    /// The parameters have no representation in the body's format (chapter 4: JSON, property lists).
    case invalidParameters(reason: String)
    /// The body's encoder threw (chapter 4: `JSONSerialization`, `PropertyListSerialization`).
    case bodyEncodingFailed(any Error)
    /// A method that carries no body (GET, HEAD) was asked for a multipart body (chapter 4).
    case methodDoesNotAllowBody(String)
}

extension RequestSerializationError: CustomNSError {
    /// AFNetworking's `AFURLRequestSerializationErrorDomain`.
    public static var errorDomain: String { "com.alamofire.error.serialization.request" }

    /// An `NSURLError` code, as AFNetworking uses them in its own domain.
    public var errorCode: Int {
        switch self {
        case .badURL, .methodDoesNotAllowBody: URLError.Code.badURL.rawValue
        case .queryStringSerializationFailed(let error), .bodyEncodingFailed(let error): (error as NSError).code
        case .parametersNotADictionary, .invalidParameters: URLError.Code.cannotDecodeContentData.rawValue
        }
    }

    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedFailureReasonErrorKey: failureReason]
        switch self {
        case .queryStringSerializationFailed(let error), .bodyEncodingFailed(let error):
            userInfo[NSUnderlyingErrorKey] = error as NSError
        case .badURL, .parametersNotADictionary, .invalidParameters, .methodDoesNotAllowBody:
            break
        }
        return userInfo
    }

    /// What went wrong, in the words AFNetworking uses where it has words for it.
    public var failureReason: String {
        switch self {
        case .badURL(let string): "The URL string \(string.debugDescription) is not a valid URL."
        case .queryStringSerializationFailed(let error): "The query string serialization failed: \(error)"
        case .parametersNotADictionary(let typeName):
            "The default query string needs a dictionary of parameters, not \(typeName)."
        case .invalidParameters(let reason): reason
        case .bodyEncodingFailed(let error): "The body could not be encoded: \(error)"
        case .methodDoesNotAllowBody(let method): "A \(method) request cannot carry a multipart body."
        }
    }
}
