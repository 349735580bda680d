import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: error-bridging
/// The `NSError` form, as AFNetworking builds it for a validation failure, so that code written
/// against AFNetworking's errors (or Objective-C callers) can read ours: `error as NSError` gives
/// the domain, the code and the `userInfo` keys below.
extension ResponseSerializationError: CustomNSError {
    /// `AFURLResponseSerializationErrorDomain`.
    public static let errorDomain = "com.alamofire.error.serialization.response"
    /// `AFNetworkingOperationFailingURLResponseErrorKey`: the response.
    public static let failingURLResponseKey = "com.alamofire.serialization.response.error.response"
    /// `AFNetworkingOperationFailingURLResponseDataErrorKey`: the body.
    public static let failingURLResponseDataKey = "com.alamofire.serialization.response.error.data"

    /// AFNetworking borrows two URL-loading codes: `NSURLErrorBadServerResponse` (-1011) for a
    /// status code, `NSURLErrorCannotDecodeContentData` (-1016) for a content type. A body that
    /// cannot be parsed is content that cannot be decoded, so it is -1016 too, where AFNetworking
    /// passes on the parser's own error (3840 for JSON); a body over the size limit is
    /// `NSURLErrorDataLengthExceedsMaximum` (-1103).
    public var errorCode: Int {
        switch reason {
        case .unacceptableStatusCode: NSURLErrorBadServerResponse
        case .bodyTooLarge: NSURLErrorDataLengthExceedsMaximum
        default: NSURLErrorCannotDecodeContentData
        }
    }
    // end-listing

    // listing: error-bridging-userinfo
    /// What AFNetworking puts in `userInfo`: the message, the URL, the response, the body, and the
    /// error underneath when there is one.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: reason.description]
        userInfo[NSURLErrorFailingURLErrorKey] = failingURL
        userInfo[Self.failingURLResponseKey] = response
        userInfo[Self.failingURLResponseDataKey] = data
        userInfo[NSUnderlyingErrorKey] = underlyingError.map { $0 as NSError }
        return userInfo
    }
    // end-listing
}
