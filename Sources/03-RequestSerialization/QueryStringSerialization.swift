import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import QueryStrings

// listing: custom-query-closure
/// How a serializer turns parameters into a query string (AFNetworking's
/// `setQueryStringSerializationWithStyle:` and `setQueryStringSerializationWithBlock:`).
public enum QueryStringSerialization: Sendable {
    /// AFNetworking's only style: nested keys in brackets, sorted, percent-escaped (chapter 2).
    case defaultStyle
    /// Your own encoding. It receives the request being serialized and the parameters as they were
    /// passed. If it throws, the error reaches the caller and no request is produced: a half-encoded
    /// request is never sent.
    case custom(@Sendable (_ request: URLRequest, _ parameters: Any) throws -> String)
}

extension HTTPRequestSerializer {
    /// The query string for `parameters`, by the chosen serialization.
    func queryString(for request: URLRequest, parameters: Any) throws(RequestSerializationError) -> String {
        switch queryStringSerialization {
        case .defaultStyle:
            guard let dictionary = parameters as? [String: Any] else {
                throw .parametersNotADictionary(typeName: "\(type(of: parameters))")
            }
            return QueryStrings.queryString(from: dictionary)
        case .custom(let serialize):
            do {
                return try serialize(request, parameters)
            } catch {
                throw .queryStringSerializationFailed(error)
            }
        }
    }
}
// end-listing

// listing: query-in-uri
/// `url` with `query` added to its query string: after `?` when it has none, after `&` when it has
/// one, directly when it already ends in `?` or `&`, and always before a fragment.
func appendingQuery(_ query: String, to url: URL?) throws(RequestSerializationError) -> URL {
    guard let url else { throw .badURL("") }
    let string = url.absoluteString
    let fragmentStart = string.firstIndex(of: "#") ?? string.endIndex
    let beforeFragment = string[..<fragmentStart]
    let separator = url.query == nil ? "?" : (beforeFragment.hasSuffix("?") || beforeFragment.hasSuffix("&") ? "" : "&")
    let joined = String(beforeFragment) + separator + query + String(string[fragmentStart...])
    // A custom closure may return anything, even text that makes no URL at all: an error, not a crash.
    guard let appended = URL(string: joined) else { throw .badURL(joined) }
    return appended
}
// end-listing
