import Foundation

// listing: base-url
/// A base URL that relative URL strings resolve against, as AFHTTPSessionManager resolves the
/// `URLString` of every request against its `baseURL`. A base whose path is not empty gets a
/// trailing slash, so that against `https://api.example.com/v1`, `users` means `/v1/users`.
public struct BaseURL: Hashable, Sendable {
    /// The base, with its trailing slash.
    public let url: URL

    public init(_ url: URL) {
        if !url.path.isEmpty && !url.absoluteString.hasSuffix("/") {
            self.url = url.appendingPathComponent("")  // appends just the slash
        } else {
            self.url = url
        }
    }

    /// The absolute URL that `string` refers to, resolved by RFC 3986: `users`, `users/`,
    /// `../users`, `/users`, `?page=2`, `//other.host/x` and absolute URLs all work.
    public func resolve(_ string: String) throws(RequestSerializationError) -> URL {
        // An empty reference means the base itself (RFC 3986 §5.2.2), but Foundation's
        // `URL(string: "", relativeTo:)` returns nil (measured with Swift 6.3 on Linux).
        if string.isEmpty { return url }
        guard let resolved = URL(string: string, relativeTo: url) else { throw .badURL(string) }
        return resolved.absoluteURL
    }
}
// end-listing
