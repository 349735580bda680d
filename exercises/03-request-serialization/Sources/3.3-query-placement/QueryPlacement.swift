import Foundation

/// `url` with `query` added to its query string, as a serializer does for a GET: after `?` when the
/// URL has no query yet, after `&` when it has one.
///
/// This is AFNetworking's own way of doing it, and it has a bug, or rather three. Run
/// `swift run workshop check 3.3`, read which URLs come out wrong, then fix it.
public func appendingQuery(_ query: String, to url: URL) -> URL? {
    // TODO(3.3): put the query where RFC 3986 says it goes, whatever the URL already ends with.
    let separator = url.query == nil ? "?" : "&"
    return URL(string: url.absoluteString + separator + query)
}
