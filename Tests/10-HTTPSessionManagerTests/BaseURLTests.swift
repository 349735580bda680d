import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestSerialization
import Testing

@Suite("The base URL: the trailing slash, and RFC 3986 resolution")
struct BaseURLTests {
    @Test(
        "A base URL whose path is not empty gets a trailing slash; one with an empty path, or a slash already, is kept",
        arguments: [
            ("http://example.com/v1", "http://example.com/v1/"),
            ("http://example.com/v1/", "http://example.com/v1/"),
            ("http://example.com/api/v1", "http://example.com/api/v1/"),
            ("http://example.com", "http://example.com"),
            ("http://example.com/", "http://example.com/"),
        ])
    func trailingSlash(given: String, kept: String) {
        let manager = HTTPSessionManager(baseURL: URL(string: given)!)
        #expect(manager.baseURL?.absoluteString == kept)
    }

    @Test(
        "Relative strings resolve against http://example.com/v1 as RFC 3986 says",
        arguments: [
            ("foo", "http://example.com/v1/foo"),
            ("foo?bar=baz", "http://example.com/v1/foo?bar=baz"),
            ("/foo", "http://example.com/foo"),
            ("foo/", "http://example.com/v1/foo/"),
            ("/foo/", "http://example.com/foo/"),
            ("?a=b", "http://example.com/v1/?a=b"),
            ("../foo", "http://example.com/foo"),
            ("//other.com/x", "http://other.com/x"),
            ("https://example2.com/", "https://example2.com/"),
            ("", "http://example.com/v1/"),
        ])
    func resolution(relative: String, absolute: String) throws {
        let manager = HTTPSessionManager(baseURL: URL(string: "http://example.com/v1")!)
        #expect(try manager.resolvedURLString(relative) == absolute)
        #expect(try manager.request(method: "GET", urlString: relative).url?.absoluteString == absolute)
    }

    @Test(
        "Without the slash, RFC 3986 replaces the last segment: foo and foo/ lose v1, ?a=b keeps it without a slash, the empty string is no URL at all for Foundation, the rest resolve as with it",
        arguments: [
            ("foo", "http://example.com/foo"),
            ("foo/", "http://example.com/foo/"),
            ("?a=b", "http://example.com/v1?a=b"),
            ("../foo", "http://example.com/foo"),
            ("/foo", "http://example.com/foo"),
            ("//other.com/x", "http://other.com/x"),
            ("https://example2.com/", "https://example2.com/"),
            ("", nil),
        ] as [(String, String?)])
    func withoutTheSlash(relative: String, absolute: String?) {
        let bare = URL(string: "http://example.com/v1")!
        #expect(URL(string: relative, relativeTo: bare)?.absoluteString == absolute)
    }

    @Test("A base URL with an empty path resolves foo to /foo")
    func emptyPath() throws {
        let manager = HTTPSessionManager(baseURL: URL(string: "http://example.com")!)
        #expect(try manager.resolvedURLString("foo") == "http://example.com/foo")
    }

    @Test("With no base URL the string is used as it is, and a string that is no URL is a typed error")
    func noBaseURL() throws {
        let manager = HTTPSessionManager()
        #expect(try manager.resolvedURLString("http://example.com/a/../b?q=1") == "http://example.com/a/../b?q=1")
        #expect(throws: RequestSerializationError.self) { try manager.resolvedURLString("http://[::1") }
    }

    @Test("Against a live server: a base URL with a path, then relative, rooted and query-only strings")
    func live() async throws {
        try await Harness.with(basePath: "/anything/v1") { harness in
            for (relative, path) in [
                ("items", "/anything/v1/items"), ("items/7/", "/anything/v1/items/7/"),
                ("../v2/items", "/anything/v2/items"),
            ] {
                let (_, outcome) = try await harness.call { manager, success, failure in
                    manager.get(relative, success: success, failure: failure)
                }
                #expect(try outcome.echo().path == path)
            }
            let (_, rooted) = try await harness.call { manager, success, failure in
                manager.get("/get", parameters: ["q": "1"], success: success, failure: failure)
            }
            #expect(try rooted.echo().uri == "/get?q=1")
            let (_, queryOnly) = try await harness.call { manager, success, failure in
                manager.get("?page=2", success: success, failure: failure)
            }
            #expect(try queryOnly.echo().uri == "/anything/v1/?page=2")
        }
    }
}
