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
    // TODO(3.3): this looks right, and it is what most code does. Run the answer tests: it repeats
    // names, and it changes bytes it should not touch.
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    let added = URLComponents(string: "?" + query)?.queryItems ?? []
    components.queryItems = (components.queryItems ?? []) + added
    return components.url
}
