import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("A custom query-string closure")
struct QueryStringClosureTests {
    struct Refused: Error, Equatable {
        var reason: String
    }

    @Test("The closure replaces the default encoding, in the query and in the form body")
    func replacesDefault() throws {
        var serializer = fixedSerializer()
        // AFNetworking's own test vector: key**value
        serializer.queryStringSerialization = .custom { _, parameters in
            (parameters as? [String: String] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)**\($0.value)" }
                .joined()
        }
        let get = try serializer.request(method: "GET", urlString: "http://example.com", parameters: ["key": "value"])
        #expect(get.url?.query == "key**value")
        let post = try serializer.request(method: "POST", urlString: "http://example.com", parameters: ["key": "value"])
        #expect(post.httpBody == Data("key**value".utf8))
    }

    @Test("The closure sees the request being serialized")
    func seesRequest() throws {
        var serializer = fixedSerializer()
        serializer.queryStringSerialization = .custom { request, _ in "method=\(request.httpMethod ?? "?")" }
        let request = try serializer.request(method: "DELETE", urlString: "http://example.com", parameters: ["x": 1])
        #expect(request.url?.query == "method=DELETE")
    }

    @Test("The closure is not called when there are no parameters")
    func notCalledWithoutParameters() throws {
        var serializer = fixedSerializer()
        serializer.queryStringSerialization = .custom { _, _ in throw Refused(reason: "called") }
        let request = try serializer.request(method: "GET", urlString: "http://example.com", parameters: nil)
        #expect(request.url?.absoluteString == "http://example.com")
    }

    @Test("The closure's error reaches the caller unchanged, and no request is produced")
    func errorPath() {
        var serializer = fixedSerializer()
        serializer.queryStringSerialization = .custom { _, _ in throw Refused(reason: "no nested values") }
        var produced: URLRequest?
        #expect {
            produced = try serializer.request(method: "GET", urlString: "url", parameters: [String: Any]())
        } throws: { error in
            guard case RequestSerializationError.queryStringSerializationFailed(let underlying) = error else {
                return false
            }
            return underlying as? Refused == Refused(reason: "no nested values")
        }
        #expect(produced == nil)
    }

    @Test("Hostile text from a closure gives a URL with the text in its query, or an error, never a crash")
    func hostileQueries() {
        for hostile in [
            "a b", "%", "%zz", "#", "\u{0}", "é", "[]", "\r\n", "?&=", String(repeating: "x", count: 10_000),
        ] {
            var serializer = fixedSerializer()
            serializer.queryStringSerialization = .custom { _, _ in hostile }
            do {
                let request = try serializer.request(
                    method: "GET", urlString: "http://example.com/p", parameters: ["x": 1])
                #expect(
                    request.url?.absoluteString.hasPrefix("http://example.com/p?") == true,
                    "for \(hostile.debugDescription)")
            } catch {
                guard case .badURL = error else {
                    Issue.record("for \(hostile.debugDescription): \(error)")
                    continue
                }
            }
        }
    }
}
