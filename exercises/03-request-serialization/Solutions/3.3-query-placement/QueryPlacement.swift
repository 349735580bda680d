import Foundation

/// `url` with `query` merged into its own query: what a client wants for a GET to a URL that
/// already carries parameters, such as the `next` link of a paginated API (`…?page=1&sort=name`)
/// sent again with `["page": 2]`. Chapter 3's serializer appends, and the server receives
/// `page=1&page=2`: Rack and PHP read the last, Go's `Query().Get` the first, Express an array.
///
/// `query` is a query string as chapter 2 writes it (`filter%5Brole%5D=admin&page=2`). Every pair
/// of the URL whose name is a name in `query` goes; the others keep their place and their bytes;
/// the new pairs follow them; a fragment stays at the end. Names are compared as a server reads
/// them, with their escapes undone: `filter%5brole%5d` and `filter%5Brole%5D` are one name.
public func merging(_ query: String, into url: URL) -> URL? {
    let string = url.absoluteString
    let fragmentStart = string.firstIndex(of: "#") ?? string.endIndex
    let beforeFragment = string[..<fragmentStart]
    let questionMark = beforeFragment.firstIndex(of: "?") ?? beforeFragment.endIndex
    let existing = beforeFragment[questionMark...].dropFirst()
    // The pairs are kept as text, never decoded and encoded again: a `%2B` that became `+` on the
    // way would reach the server as a space.
    let added = query.split(separator: "&")
    let replaced = Set(added.map(name(of:)))
    let pairs = existing.split(separator: "&").filter { !replaced.contains(name(of: $0)) } + added
    let merged = beforeFragment[..<questionMark] + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    return URL(string: String(merged) + string[fragmentStart...])
}

/// A pair's name as a server reads it: up to the first `=`, escapes undone.
func name(of pair: Substring) -> String {
    let name = pair.prefix { $0 != "=" }
    return name.removingPercentEncoding ?? String(name)
}
