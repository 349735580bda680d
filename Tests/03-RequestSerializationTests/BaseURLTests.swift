import Foundation
import RequestSerialization
import Testing

@Suite("Resolving URL strings against a base URL")
struct BaseURLTests {
    /// RFC 3986 §5 against the base `http://example.com/v1`, which gets its trailing slash first.
    static let table: [(reference: String, resolved: String)] = [
        ("foo", "http://example.com/v1/foo"),
        ("foo?bar=baz", "http://example.com/v1/foo?bar=baz"),
        ("/foo", "http://example.com/foo"),
        ("foo/", "http://example.com/v1/foo/"),
        ("/foo/", "http://example.com/foo/"),
        ("./foo", "http://example.com/v1/foo"),
        ("../foo", "http://example.com/foo"),
        ("../../../foo", "http://example.com/foo"),
        ("?a=b", "http://example.com/v1/?a=b"),
        ("#top", "http://example.com/v1/#top"),
        ("//host/x", "http://host/x"),
        ("http://example2.com/", "http://example2.com/"),
        ("https://example.com/v2/bar", "https://example.com/v2/bar"),
        ("", "http://example.com/v1/"),
    ]

    @Test("RFC 3986 resolution of the reference table", arguments: table)
    func resolution(reference: String, resolved: String) throws {
        let base = BaseURL(URL(string: "http://example.com/v1")!)
        let found = try base.resolve(reference).absoluteString
        #expect(found == resolved, "\(reference.debugDescription) against \(base.url.absoluteString)")
    }

    @Test("A trailing slash is added only when the path is not empty")
    func trailingSlash() {
        #expect(BaseURL(URL(string: "http://example.com/v1")!).url.absoluteString == "http://example.com/v1/")
        #expect(BaseURL(URL(string: "http://example.com/v1/")!).url.absoluteString == "http://example.com/v1/")
        #expect(BaseURL(URL(string: "http://example.com")!).url.absoluteString == "http://example.com")
        #expect(BaseURL(URL(string: "http://example.com/")!).url.absoluteString == "http://example.com/")
    }

    @Test("Against a base with an empty path, a relative string resolves from the root")
    func emptyPathBase() throws {
        let base = BaseURL(URL(string: "http://example.com")!)
        #expect(try base.resolve("foo").absoluteString == "http://example.com/foo")
        #expect(try base.resolve("foo/bar?x=1").absoluteString == "http://example.com/foo/bar?x=1")
    }

    @Test("Without the trailing slash, the base's last segment would be replaced: why AFNetworking adds it")
    func whyTheSlash() {
        let raw = URL(string: "http://example.com/v1")!
        #expect(URL(string: "foo", relativeTo: raw)?.absoluteString == "http://example.com/foo")
    }

    @Test("A string that is not a URL reference is a bad-URL error")
    func badReference() {
        let base = BaseURL(URL(string: "http://example.com/v1")!)
        #expect {
            try base.resolve("http://exa mple.com/")
        } throws: { error in
            guard case RequestSerializationError.badURL("http://exa mple.com/") = error else { return false }
            return true
        }
    }
}
