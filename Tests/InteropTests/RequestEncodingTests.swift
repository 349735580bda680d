import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import RequestBodies
import RequestSerialization
import TestSupport
import Testing

@Suite("httpbin decodes the manager's query strings, forms and JSON as they were sent", .interopServer)
struct RequestEncodingTests {
    /// Nested keys, arrays, emoji in keys and values, every character a query treats specially,
    /// and a null (a field with no value).
    static var parameters: [String: Any] {
        [
            "a": ["b": ["c": "nested"]],
            "list": ["x", "y"],
            "items": [["id": "1"], ["id": "2"]],
            "emoji": "😀👍🏽 ünïcödé",
            "😀": "an emoji key",
            "reserved": "a b&c=d+e/f?g#h;i,j%k[l]m",
            "number": 42,
            "flag": true,
            "empty": "",
            "null": NSNull(),
        ]
    }

    /// What httpbin should decode from `parameters`: AFNetworking's bracket names, every value
    /// back as it was (true as AFNetworking's `1`, a null as a field with nothing after it).
    static let decoded: [String: Values] = [
        "a[b][c]": "nested",
        "list[]": ["x", "y"],
        "items[][id]": ["1", "2"],
        "emoji": "😀👍🏽 ünïcödé",
        "😀": "an emoji key",
        "reserved": "a b&c=d+e/f?g#h;i,j%k[l]m",
        "number": "42",
        "flag": "1",
        "empty": "",
        "null": "",
    ]

    @Test("The server answers at AFN_INTEROP_URL (if this fails, every other test here fails for the same reason)")
    func serverAnswers() async throws {
        try await withManager { manager in
            do {
                let echo = try await manager.decoded(Echo.self, "get")
                #expect(echo.object.path == "/get")
                #expect(echo.response.statusCode == 200)
            } catch {
                Issue.record(
                    "\(InteropServer.variable)=\(InteropServer.address ?? "") does not answer GET /get: \(error)")
                throw error
            }
        }
    }

    @Test("A GET's query string: nested keys, arrays, emoji and reserved characters arrive decoded as sent")
    func queryString() async throws {
        try await withManager { manager in
            let echo = try await manager.decoded(Echo.self, "get", parameters: Self.parameters).object
            #expect(echo.args == Self.decoded)
        }
    }

    @Test("A query already in the URL string is kept, and the parameters are added after it")
    func queryInURLString() async throws {
        try await withManager { manager in
            let echo = try await manager.decoded(Echo.self, "get?kept=%F0%9F%98%80", parameters: ["added": "yes"])
                .object
            #expect(echo.args == ["kept": "😀", "added": "yes"])
        }
    }

    @Test("A DELETE puts its parameters in the query, and sends no body")
    func deleteQuery() async throws {
        try await withManager { manager in
            let echo = try await manager.decoded(Echo.self, "anything", method: "DELETE", parameters: Self.parameters)
                .object
            #expect(echo.method == "DELETE")
            #expect(echo.args == Self.decoded)
            #expect(echo.data == "")
        }
    }

    @Test("A HEAD succeeds with the status and no object")
    func head() async throws {
        try await withManager { manager in
            let outcome = try await manager.call { manager, success, failure in
                manager.head("get", parameters: Self.parameters, success: { success($0, nil) }, failure: failure)
            }
            #expect(outcome.error == nil)
            #expect(outcome.status == 200)
            #expect(outcome.body == nil)
        }
    }

    @Test(
        "POST, PUT and PATCH send a URL-encoded form that arrives decoded as sent", arguments: ["POST", "PUT", "PATCH"])
    func formBody(method: String) async throws {
        try await withManager { manager in
            let echo = try await manager.decoded(
                Echo.self, method.lowercased(), method: method, parameters: Self.parameters
            ).object
            #expect(echo.args.isEmpty)
            #expect(echo.form == Self.decoded)
            #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
        }
    }

    @Test("The closure verbs send the same form, and a per-request header replaces the serializer's")
    func closureVerbs() async throws {
        try await withManager { manager in
            var serializer = HTTPRequestSerializer()
            serializer.setValue("from the serializer", forHTTPHeaderField: "X-Interop")
            manager.requestSerializer = serializer
            let posted = try await manager.call { manager, success, failure in
                manager.post(
                    "post", parameters: Self.parameters, headers: ["x-interop": "per request"], success: success,
                    failure: failure)
            }
            #expect(try posted.echo().form == Self.decoded)
            #expect(try posted.echo().header("X-Interop") == "per request")
            let put = try await manager.call { manager, success, failure in
                manager.put("put", parameters: ["k": "v"], success: success, failure: failure)
            }
            #expect(try put.echo().form == ["k": "v"])
            #expect(try put.echo().header("X-Interop") == "from the serializer")
            let patched = try await manager.call { manager, success, failure in
                manager.patch("patch", parameters: ["k": "v"], success: success, failure: failure)
            }
            #expect(try patched.echo().form == ["k": "v"])
            let deleted = try await manager.call { manager, success, failure in
                manager.delete("delete", parameters: ["k": "v"], success: success, failure: failure)
            }
            #expect(try deleted.echo().args == ["k": "v"])
        }
    }

    @Test("Chapter 4's JSON serializer: httpbin parses the body back to the same values")
    func jsonBody() async throws {
        struct Payload: Codable, Equatable {
            var text: String
            var number: Double
            var integer: Int
            var flag: Bool
            var missing: String?
            var list: [Int]
            var nested: [String: [String]]
        }
        struct JSONEcho: Decodable {
            var json: Payload
            var headers: [String: String]
        }
        try await withManager { manager in
            manager.requestSerializer = JSONRequestSerializer()
            let parameters: [String: Any] = [
                "text": "😀 \"quoted\" \\ / \n tab\t ünï", "number": 3.25, "integer": -7, "flag": false,
                "missing": NSNull(),
                "list": [1, 2, 3], "nested": ["k": ["v1", "v2"]],
            ]
            let echo = try await manager.decoded(JSONEcho.self, "post", method: "POST", parameters: parameters).object
            #expect(
                echo.json
                    == Payload(
                        text: "😀 \"quoted\" \\ / \n tab\t ünï", number: 3.25, integer: -7, flag: false, missing: nil,
                        list: [1, 2, 3],
                        nested: ["k": ["v1", "v2"]]))
            #expect(echo.headers["Content-Type"] == "application/json")
            // The query-string methods keep their parameters in the URL under the JSON serializer.
            let query = try await manager.decoded(Echo.self, "get", parameters: ["a": ["b": "c"]]).object
            #expect(query.args == ["a[b]": "c"])
        }
    }
}
