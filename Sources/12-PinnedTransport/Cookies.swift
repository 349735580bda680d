import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOHTTP1

/// The session configuration's cookie rules, applied at each hop as URLSession applies them: the
/// storage's cookies for the URL are sent when the configuration's `httpShouldSetCookies` and the
/// request's `httpShouldHandleCookies` both allow it, and a response's `Set-Cookie` lines are
/// stored unless the request says not to or the configuration's accept policy is `.never`.
package struct CookieJar: Sendable {
    package var storage: HTTPCookieStorage?
    package var sends: Bool
    package var acceptsNone: Bool

    package init(storage: HTTPCookieStorage?, sends: Bool = true, acceptsNone: Bool = false) {
        self.storage = storage
        self.sends = sends
        self.acceptsNone = acceptsNone
    }

    init(_ configuration: URLSessionConfiguration) {
        self.init(
            storage: configuration.httpCookieStorage, sends: configuration.httpShouldSetCookies,
            acceptsNone: configuration.httpCookieAcceptPolicy == .never)
    }

    /// The `Cookie` header for a request to `url`, unless the request carries its own (URLSession
    /// put the storage's there when the task was made, or the app chose one).
    func header(for request: URLRequest, url: URL) -> String? {
        guard sends, request.httpShouldHandleCookies, request.value(forHTTPHeaderField: "Cookie") == nil,
            let cookies = storage?.cookies(for: url), !cookies.isEmpty
        else { return nil }
        return HTTPCookie.requestHeaderFields(with: cookies)["Cookie"]
    }

    /// Stores the cookies of a response, each `Set-Cookie` line on its own: joined into one value,
    /// as `allHeaderFields` shows them, an `Expires` date's comma would split a cookie in two.
    func store(from headers: HTTPHeaders, of request: URLRequest, url: URL) {
        guard let storage, !acceptsNone, request.httpShouldHandleCookies else { return }
        let cookies = headers["Set-Cookie"].flatMap { line in
            HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": line], for: url)
        }
        if !cookies.isEmpty { storage.setCookies(cookies, for: url, mainDocumentURL: request.mainDocumentURL) }
    }
}
