import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What can go wrong while building a multipart form or reading its body. Like
/// `RequestSerializationError`, each case bridges to an `NSError` in AFNetworking's domain.
public enum MultipartFormError: Error {
    /// A file part was given a URL that is not a file URL (AFNetworking: "Expected URL to be a file URL").
    case notAFileURL(URL)
    /// The file does not exist, or cannot be reached (AFNetworking: "File URL not reachable.").
    case fileNotReachable(URL)
    /// The file exists but cannot be a part: a folder, or a file whose size cannot be read.
    case fileUnreadable(URL, reason: String)
    /// A boundary RFC 2046 does not allow: 1 to 70 characters from its small set.
    case invalidBoundary(String)
    /// A part header with a line break in it, which would end the header early and let the rest be
    /// read as another header, or as the body.
    case invalidHeader(name: String, value: String)
    /// While reading the body: part `index` ended before the length it declared. Sending it would
    /// leave the server waiting for bytes that never come.
    case partShorterThanDeclared(index: Int, declared: UInt64, actual: UInt64)
    /// While reading the body: part `index` has more bytes than it declared; they would be read as
    /// the next boundary.
    case partLongerThanDeclared(index: Int, declared: UInt64)
    /// While reading the body: the stream of part `index` failed or could not be opened.
    case streamFailed(index: Int, underlying: (any Error)?)
    /// Writing the body to a file failed.
    case writeFailed(URL, underlying: any Error)
    /// A request was to have its body stream written to a file, but has no body stream.
    case missingBodyStream
}

extension MultipartFormError: CustomNSError {
    public static var errorDomain: String { "com.alamofire.error.serialization.request" }

    public var errorCode: Int {
        switch self {
        case .notAFileURL, .fileNotReachable, .invalidBoundary, .invalidHeader: URLError.Code.badURL.rawValue
        case .fileUnreadable: URLError.Code.cannotOpenFile.rawValue
        case .partShorterThanDeclared, .partLongerThanDeclared, .streamFailed, .missingBodyStream:
            URLError.Code.requestBodyStreamExhausted.rawValue
        case .writeFailed: URLError.Code.cannotWriteToFile.rawValue
        }
    }

    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedFailureReasonErrorKey: failureReason]
        switch self {
        case .streamFailed(_, let error?), .writeFailed(_, let error):
            userInfo[NSUnderlyingErrorKey] = error as NSError
        default:
            break
        }
        return userInfo
    }

    public var failureReason: String {
        switch self {
        case .notAFileURL: "Expected URL to be a file URL"
        case .fileNotReachable: "File URL not reachable."
        case .fileUnreadable(let url, let reason): "\(url.path) cannot be a part: \(reason)"
        case .invalidBoundary(let boundary): "\(boundary.debugDescription) is not a valid multipart boundary."
        case .invalidHeader(let name, _): "The part header \(name.debugDescription) holds a line break."
        case .partShorterThanDeclared(let index, let declared, let actual):
            "Part \(index) declared \(declared) bytes but had \(actual)."
        case .partLongerThanDeclared(let index, let declared):
            "Part \(index) has more than the \(declared) bytes it declared."
        case .streamFailed(let index, let error):
            "The stream of part \(index) failed: \(error.map { "\($0)" } ?? "it could not be opened")"
        case .writeFailed(let url, let error): "Writing the body to \(url.path) failed: \(error)"
        case .missingBodyStream: "The request has no body stream to write."
        }
    }
}
