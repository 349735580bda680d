import Chapter04Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("4.3 Fix the JSON serializer that breaks the rules")
struct JSONBodySerializerTests {
    @Test("A GET puts its parameters in the query and has no body, while a POST gets JSON")
    func getUsesTheQuery() throws {
        let serializer = JSONBodySerializer()
        let get = try serializer.request(method: "GET", urlString: "https://example.com/users", parameters: ["page": 2])
        #expect(get.url?.absoluteString == "https://example.com/users?page=2")
        #expect(get.httpBody == nil)
        let post = try serializer.request(method: "POST", urlString: "https://example.com/users", parameters: ["name": "Ada", "id": 1])
        #expect(post.httpBody == Data(#"{"id":1,"name":"Ada"}"#.utf8))
        #expect(post.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("Without parameters there is no body and no Content-Type")
    func noParameters() throws {
        let request = try JSONBodySerializer().request(method: "POST", urlString: "https://example.com/ping", parameters: nil)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("A Content-Type the caller chose is kept, on the request or on the serializer")
    func callersContentType() throws {
        var request = URLRequest(url: URL(string: "https://example.com/users/1")!)
        request.httpMethod = "PATCH"
        request.setValue("application/merge-patch+json", forHTTPHeaderField: "Content-Type")
        let patched = try JSONBodySerializer().request(bySerializing: request, parameters: ["name": "Ada"])
        #expect(patched.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")

        var serializer = JSONBodySerializer()
        serializer.http.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        let posted = try serializer.request(method: "POST", urlString: "https://example.com/users", parameters: ["name": "Ada"])
        #expect(posted.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }
}
