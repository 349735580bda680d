import Foundation
import RequestSerialization

extension HTTPSessionManager {
    // listing: url-resolution
    /// The absolute URL string a request for `urlString` goes to: resolved against `baseURL` by
    /// RFC 3986 (chapter 3's `BaseURL`), or, with no base URL, the string itself, which must
    /// then be a valid URL. AFNetworking does the same with `+URLWithString:relativeToURL:`.
    public func resolvedURLString(_ urlString: String) throws(RequestSerializationError) -> String {
        guard let base else {
            guard URL(string: urlString) != nil else { throw .badURL(urlString) }
            return urlString
        }
        return try base.resolve(urlString).absoluteString
    }
    // end-listing
}
