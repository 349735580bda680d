import Chapter03Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("3.4 Extend the serializer with a query closure of your own")
struct RepeatedKeysTests {
    @Test("An array repeats its key, without brackets")
    func repeatedKeys() throws {
        let request = try repeatedKeysSerializer().request(method: "GET", urlString: "https://example.com/search",
                                                           parameters: ["tag": ["swift", "http"], "q": "fish & chips"])
        #expect(request.url?.query == "q=fish%20%26%20chips&tag=swift&tag=http")
    }

    @Test("A POST sends the same encoding as its form body")
    func formBody() throws {
        let request = try repeatedKeysSerializer().request(method: "POST", urlString: "https://example.com/tags",
                                                           parameters: ["tag": ["a b", "c"]])
        #expect(request.httpBody == Data("tag=a%20b&tag=c".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test("A nested dictionary is refused: the error reaches the caller and no request is made")
    func nestedDictionary() {
        let serializer = repeatedKeysSerializer()
        for parameters: [String: Any] in [["user": ["name": "Ada"]], ["items": [["id": 1]], "a": 1]] {
            var request: URLRequest?
            #expect {
                request = try serializer.request(method: "GET", urlString: "https://example.com", parameters: parameters)
            } throws: { error in
                guard case RequestSerializationError.queryStringSerializationFailed(let underlying) = error else { return false }
                return underlying is NestedParameterError
            }
            #expect(request == nil)
        }
    }
}
