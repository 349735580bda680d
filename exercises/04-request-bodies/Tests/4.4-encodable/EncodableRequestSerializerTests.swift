import Chapter04Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("4.4 Extend the library with an Encodable body")
struct EncodableRequestSerializerTests {
    struct NewUser: Encodable {
        var name: String
        var languages: [String]
        var admin: Bool
    }

    struct Measurement: Encodable {
        var value: Double
    }

    /// Ten properties, declared out of order: JSONEncoder's own order, whether the declaration's or
    /// a dictionary's (which changes from run to run), is sorted by chance once in millions of runs.
    struct Profile: Encodable {
        var juliet = 10, charlie = 3, hotel = 8, alpha = 1, foxtrot = 6, india = 9, bravo = 2, golf = 7, echo = 5, delta = 4
    }

    let serializer = EncodableRequestSerializer(http: HTTPRequestSerializer(languages: ["en"], userAgent: nil))

    /// The body as text, so that a failure shows the JSON rather than two byte counts.
    func text(_ body: Data?) -> String? {
        body.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("A struct becomes a JSON body with Content-Type: application/json")
    func structBody() throws {
        let request = try serializer.request(method: "POST", urlString: "https://example.com/users",
                                             parameters: NewUser(name: "Ada", languages: ["en", "fr"], admin: true))
        #expect(text(request.httpBody) == #"{"admin":true,"languages":["en","fr"],"name":"Ada"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("The keys come out sorted, however many the struct has, as the default output formatting says")
    func sortedKeys() throws {
        let request = try serializer.request(method: "POST", urlString: "https://example.com/profile", parameters: Profile())
        let expected = #"{"alpha":1,"bravo":2,"charlie":3,"delta":4,"echo":5,"foxtrot":6,"golf":7,"hotel":8,"india":9,"juliet":10}"#
        #expect(text(request.httpBody) == expected)
    }

    @Test("A GET still sends a dictionary in the query, while a PUT sends a struct")
    func getUsesTheQuery() throws {
        let get = try serializer.request(method: "GET", urlString: "https://example.com/users", parameters: ["page": 2])
        #expect(get.url?.query == "page=2")
        #expect(text(get.httpBody) == nil)
        let put = try serializer.request(method: "PUT", urlString: "https://example.com/users/1", parameters: Measurement(value: 1.5))
        #expect(text(put.httpBody) == #"{"value":1.5}"#)
    }

    @Test("Parameters that are not Encodable are invalid parameters")
    func notEncodable() {
        let parameters: [String: Any] = ["name": "Ada"]  // [String: Any] is not Encodable: Any is not
        #expect {
            try serializer.request(method: "POST", urlString: "https://example.com/users", parameters: parameters)
        } throws: { error in
            guard case RequestSerializationError.invalidParameters = error else { return false }
            return true
        }
    }

    @Test("An encoder failure reaches the caller with the encoder's error inside")
    func encoderFailure() {
        #expect {
            try serializer.request(method: "POST", urlString: "https://example.com/m", parameters: Measurement(value: .nan))
        } throws: { error in
            guard case RequestSerializationError.bodyEncodingFailed(let underlying) = error else { return false }
            return underlying is EncodingError
        }
    }
}
