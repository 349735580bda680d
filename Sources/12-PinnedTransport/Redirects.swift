import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Redirects as URLSession follows them. The transport does not decide whether to follow: it
/// proposes the next request, the session's delegate answers (chapter 9's redirection hook), and
/// the request that comes back is sent like a new one, to whatever host it names, over a
/// connection the policy judged for that host.
enum Redirects {
    /// Darwin's and FoundationNetworking's limit: the 21st hop fails with -1007.
    static let limit = 20

    // listing: redirect-request
    /// The request a 3xx proposes, or nil when the response is no redirect to follow (300, 304,
    /// 305, a missing or unreadable `Location`). RFC 9110 §15.4: a 303, and a 301 or 302 after a
    /// POST, become a GET without a body; a 307 or 308 repeats the method and the body. The
    /// `Location` may be relative to the URL that answered.
    static func proposal(after response: HTTPURLResponse, to request: URLRequest) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"), let base = response.url,
            let url = URL(string: location, relativeTo: base)?.absoluteURL, url.host != nil
        else { return nil }
        var next = request
        next.url = url
        let method = request.httpMethod ?? "GET"
        if response.statusCode == 303 && method != "HEAD"
            || [301, 302].contains(response.statusCode) && method == "POST"
        {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in ["Content-Type", "Content-Length"] { next.setValue(nil, forHTTPHeaderField: name) }
        }
        // The cookies go as the storage has them for the new URL, not as they were for the old.
        next.setValue(nil, forHTTPHeaderField: "Cookie")
        return next
    }
    // end-listing
}
