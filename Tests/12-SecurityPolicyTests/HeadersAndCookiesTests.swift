import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import Testing

/// Headers and cookies as URLSession handles them: repeated response headers joined, the
/// configuration's extra headers sent, cookies from its storage sent and stored.
@Suite("Headers and cookies")
struct HeadersAndCookiesTests {
    /// `/response` answering with these header lines, each `Name: value`.
    static func responding(_ server: HTTPBinTLS, with lines: [String]) -> URL {
        let query = lines.map { "header=" + $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        return server.url("/response?" + query.joined(separator: "&"))
    }

    @Test("A header that comes several times, whatever its case, is one field with the values joined by \", \"")
    func repeatedHeaders() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(
                manager, Self.responding(server, with: ["X-Tag: a", "x-tag: b", "X-TAG: c"]))
            #expect(outcome.response?.value(forHTTPHeaderField: "X-Tag") == "a, b, c", "\(outcome)")
        }
    }

    @Test("Each Set-Cookie line is stored on its own, a comma in its Expires date included")
    func setCookieLines() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let lines = ["Set-Cookie: a=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "Set-Cookie: b=2; Path=/"]
            let outcome = await Pinned.get(manager, Self.responding(server, with: lines))
            #expect(outcome.status == 200, "\(outcome)")
            let stored = manager.sessionConfiguration.httpCookieStorage?.cookies(for: server.baseURL) ?? []
            #expect(Set(stored.map { "\($0.name)=\($0.value)" }) == ["a=1", "b=2"])
            #expect(stored.first { $0.name == "a" }?.expiresDate != nil, "the Expires date was kept whole")
        }
    }

    @Test("Cookies a redirect sets are stored, and sent with the next hop")
    func cookiesStoredAndSent() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/cookies/set?a=1&b=2"))
            #expect(outcome.echo?["cookies"] as? [String: String] == ["a": "1", "b": "2"], "\(outcome.text)")
            let again = await Pinned.get(manager, server.url("/cookies"))
            #expect(again.echo?["cookies"] as? [String: String] == ["a": "1", "b": "2"], "\(again.text)")
        }
    }

    @Test("With httpShouldSetCookies off, cookies are stored but not sent")
    func shouldSetCookiesOff() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA) { $0.httpShouldSetCookies = false }
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/cookies/set?a=1"))
            #expect(outcome.echo?["cookies"] as? [String: String] == [:], "\(outcome.text)")
            #expect(manager.sessionConfiguration.httpCookieStorage?.cookies(for: server.baseURL)?.count == 1)
        }
    }

    @Test("With the accept policy .never, no cookie is stored")
    func acceptPolicyNever() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA) {
                $0.httpCookieAcceptPolicy = .never
            }
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/cookies/set?a=1"))
            #expect(outcome.echo?["cookies"] as? [String: String] == [:], "\(outcome.text)")
            #expect(manager.sessionConfiguration.httpCookieStorage?.cookies(for: server.baseURL)?.isEmpty ?? true)
        }
    }

    @Test("The configuration's httpAdditionalHeaders are sent, unless the request sets the same header")
    func additionalHeaders() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA) {
                $0.httpAdditionalHeaders = ["X-App": "7", "Accept-Language": "fr"]
            }
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/get"))
            request.setValue("de", forHTTPHeaderField: "Accept-Language")
            let headers = await Pinned.send(manager, request).echo?["headers"] as? [String: String]
            #expect(headers?["x-app"] == "7")
            #expect(headers?["accept-language"] == "de")
        }
    }
}
