import Foundation

/// `url` with `query` added to its query string, as a serializer does for a GET: after `?` when the
/// URL has no query yet, after `&` when it has one.
///
/// The fixes: a URL is `…path?query#fragment`, so the query goes before the `#`, not at the end of
/// the string; and a URL that already ends in `?` or `&` needs no second separator.
public func appendingQuery(_ query: String, to url: URL) -> URL? {
    let string = url.absoluteString
    // Everything from the first `#` on is the fragment; a valid URL has no other `#`.
    let fragmentStart = string.firstIndex(of: "#") ?? string.endIndex
    let beforeFragment = String(string[..<fragmentStart])
    let fragment = String(string[fragmentStart...])
    let separator: String
    if url.query == nil {
        separator = "?"
    } else if beforeFragment.hasSuffix("?") || beforeFragment.hasSuffix("&") {
        separator = ""
    } else {
        separator = "&"
    }
    return URL(string: beforeFragment + separator + query + fragment)
}
