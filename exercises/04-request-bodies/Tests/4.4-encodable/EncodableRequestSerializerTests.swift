import Chapter04Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

struct Search: Encodable {
    var query: String
    var pageSize: Int
    var includeArchived: Bool
    var cursor: String?

    /// The API's names are not Swift's.
    enum CodingKeys: String, CodingKey {
        case query = "q", pageSize = "page_size", includeArchived = "include_archived", cursor
    }
}

struct Filter: Encodable {
    var role: String
    var tags: [String]
    var price: Range
    struct Range: Encodable { var min: Double, max: Double }
}

struct Reading: Encodable {
    var value: Double
}

@Suite("4.4 Encodable parameters for every method")
struct EncodableRequestSerializerTests {
    let serializer = EncodableRequestSerializer(http: HTTPRequestSerializer(languages: ["en"], userAgent: nil))

    func get(_ parameters: Any) throws -> URLRequest {
        try serializer.request(method: "GET", urlString: "https://api.example.com/items", parameters: parameters)
    }

    @Test("A GET with a struct sends its fields in the query, by their coding keys, sorted, and no body")
    func getQuery() throws {
        let request = try get(Search(query: "fish & chips", pageSize: 20, includeArchived: false, cursor: "c9"))
        #expect(request.url?.query == "cursor=c9&include_archived=0&page_size=20&q=fish%20%26%20chips")
        #expect(request.httpBody == nil)
    }

    @Test("Booleans are 1 and 0 and a nil optional is left out, as chapter 2 and JSONEncoder have it")
    func booleansAndNil() throws {
        let request = try get(Search(query: "x", pageSize: 1, includeArchived: true, cursor: nil))
        #expect(request.url?.query == "include_archived=1&page_size=1&q=x")
    }

    @Test("Nested structs and arrays are written with chapter 2's brackets, in HEAD and DELETE too")
    func nested() throws {
        let filter = Filter(role: "admin", tags: ["a b", "c"], price: .init(min: 0, max: 12.5))
        for method in ["GET", "HEAD", "DELETE"] {
            let request = try serializer.request(method: method, urlString: "https://api.example.com/items", parameters: filter)
            #expect(request.url?.query == "price%5Bmax%5D=12.5&price%5Bmin%5D=0&role=admin&tags%5B%5D=a%20b&tags%5B%5D=c", "for \(method)")
        }
    }

    @Test("The same struct goes in the query of a GET and in the JSON body of a POST")
    func getAndPost() throws {
        let search = Search(query: "ink", pageSize: 5, includeArchived: false, cursor: nil)
        #expect(try get(search).url?.query == "include_archived=0&page_size=5&q=ink")
        let post = try serializer.request(method: "POST", urlString: "https://api.example.com/items", parameters: search)
        #expect(post.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"include_archived":false,"page_size":5,"q":"ink"}"#)
    }

    @Test("One serializer for both: a struct and a dictionary, which is not Encodable, each go in a GET's query; no parameters, no query")
    func dictionaryStillWorks() throws {
        do {
            let query = try get(Search(query: "ink", pageSize: 5, includeArchived: false, cursor: nil)).url?.query
            #expect(query != nil, "a GET with a struct sent no query")
        } catch {
            Issue.record("a GET with a struct threw \(error)")
        }
        let parameters: [String: Any] = ["q": "fish & chips", "page": 2, "archived": true, "cursor": NSNull(), "tags": ["a", "b"]]
        let plain = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        for method in ["GET", "HEAD", "DELETE"] {
            let before = try plain.request(method: method, urlString: "https://api.example.com/items", parameters: parameters).url?.query
            do {
                let query = try serializer.request(method: method, urlString: "https://api.example.com/items", parameters: parameters).url?.query
                let same = query == before
                #expect(same, "a \(method) with a dictionary sent the query \(query ?? "nil"), not the one chapter 3's serializer sends")
            } catch {
                Issue.record("a \(method) with a dictionary of parameters threw \(error); a dictionary must work as it always did")
            }
        }
        do {
            let request = try serializer.request(method: "GET", urlString: "https://api.example.com/items", parameters: nil)
            #expect(request.url?.query == nil, "a GET with no parameters got the query \(request.url?.query ?? "")")
        } catch {
            Issue.record("a GET with no parameters threw \(error)")
        }
    }

    @Test("A GET whose value is not an object is not a dictionary, and an encoder failure carries the encoder's error")
    func errors() {
        #expect {
            try get(Reading(value: .nan))
        } throws: { error in
            guard case RequestSerializationError.queryStringSerializationFailed(let underlying) = error else { return false }
            return underlying is EncodingError
        }
        #expect {
            try get([3, 1, 2])
        } throws: { error in
            guard case RequestSerializationError.parametersNotADictionary = error else { return false }
            return true
        }
    }
}
