import Chapter03Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import QueryStrings
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

    @Test("Keys are escaped as chapter 2 escapes them, exactly as values are: a server reads back the keys that were sent")
    func escapedKeys() throws {
        let parameters: [String: Any] = ["a&b": "c=d", "page_size": 10, "sort.by": "name", "x y": ["1", "2"], "é~": "ok"]
        let request = try repeatedKeysSerializer().request(method: "GET", urlString: "https://example.com/search", parameters: parameters)
        let query = request.url?.query ?? ""
        // What a server does: split at `&` and `=` first, then undo the escapes.
        let pairs = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false) }
        let keysRead = pairs.map { $0[0].removingPercentEncoding ?? String($0[0]) }
        #expect(keysRead == ["a&b", "page_size", "sort.by", "x y", "x y", "é~"], "a server reading \(query) finds the keys \(keysRead)")
        // The bytes, key by key: chapter 2 escapes everything but letters, digits, -._~ / and ?.
        for (pair, key) in zip(pairs, keysRead) where keysRead.count == pairs.count && pair[0] != percentEscaped(key) {
            Issue.record("the key \(key.debugDescription) went out as \(String(pair[0]).debugDescription), not as chapter 2 escapes it")
            return
        }
    }

    @Test("Keys go out sorted, however many there are and in whatever order the dictionary keeps them")
    func sortedKeys() throws {
        // Thirteen keys: a dictionary's own order (which changes from run to run) puts them in sorted
        // order about once in six billion runs, so an unsorted walk fails every time, not by luck.
        let keys = ["delta", "alpha", "kilo", "echo", "juliet", "bravo", "lima", "golf", "charlie", "india", "foxtrot", "hotel"]
        var parameters: [String: Any] = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        parameters["tag"] = ["x", "y"]
        let request = try repeatedKeysSerializer().request(method: "GET", urlString: "https://example.com/search", parameters: parameters)
        let sent = (request.url?.query ?? "").split(separator: "&").map { String($0.prefix { $0 != "=" }) }
        #expect(sent == keys.sorted() + ["tag", "tag"], "the keys went out in this order")
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
            let error = #expect(throws: RequestSerializationError.self, "for \(parameters)") {
                request = try serializer.request(method: "GET", urlString: "https://example.com", parameters: parameters)
            }
            if let error {
                guard case .queryStringSerializationFailed(let underlying) = error else {
                    Issue.record("for \(parameters): \(error), where the closure's own error belongs")
                    continue
                }
                #expect(underlying is NestedParameterError, "for \(parameters): \(underlying)")
            }
            #expect(request == nil, "for \(parameters), a request was made to \(request?.url?.absoluteString ?? "")")
        }
    }
}
