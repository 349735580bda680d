import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the async façade reports beyond the errors of the layers below it (request
/// serialization, the network, response serialization), which it throws unchanged.
public enum HTTPSessionManagerError: Error, CustomStringConvertible {
    /// The response was not an HTTP response (a `file:` or `data:` URL, say).
    case notHTTP(URLResponse?)
    /// The serializer found nothing to decode (an empty body, a 204): a `Decodable` value cannot
    /// be made from nothing. The response is here for its status and headers.
    case noContent(HTTPURLResponse)
    /// The object is not of the type the call asked for: the serializer the call was given made
    /// an object of another type.
    case unexpectedObject(expected: String, found: String)
    /// A download arrived, but its file could not be moved to the URL given (a file already there,
    /// a folder that does not exist): the response, and the file manager's error. The downloaded
    /// bytes are gone (chapter 8 deletes the temporary file it could not move).
    case fileNotMoved(to: URL, HTTPURLResponse, any Error)

    public var description: String {
        switch self {
        case .notHTTP(let response):
            "the response is not an HTTP response: \(response.map { "\(type(of: $0))" } ?? "none")"
        case .noContent(let response):
            "the response (status \(response.statusCode)) has no content to decode"
        case .unexpectedObject(let expected, let found):
            "expected a response object of type \(expected), found \(found)"
        case .fileNotMoved(let file, let response, let error):
            "the download (status \(response.statusCode)) could not be moved to \(file.path): \(error.localizedDescription)"
        }
    }
}
