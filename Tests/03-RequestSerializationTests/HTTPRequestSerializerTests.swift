import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

/// A serializer whose default headers do not depend on the machine the tests run on.
func fixedSerializer() -> HTTPRequestSerializer {
    HTTPRequestSerializer(languages: ["en"], userAgent: "Tests/1.0 (Linux)")
}

@Suite("Parameters in the URL or in a form body")
struct HTTPRequestSerializerTests {
    @Test("A POST puts its parameters in a form body with the form Content-Type")
    func postFormBody() throws {
        let request = try fixedSerializer().request(
            method: "POST", urlString: "http://example.com", parameters: ["key": "value"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.httpBody == Data("key=value".utf8))
        #expect(request.url?.query == nil)
    }

    @Test("A POST without parameters still gets a form Content-Type and an empty body")
    func postWithoutParameters() throws {
        let request = try fixedSerializer().request(method: "POST", urlString: "http://example.com", parameters: nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.httpBody == Data())
    }

    @Test(
        "GET, HEAD and DELETE put their parameters in the query and have no body",
        arguments: ["GET", "HEAD", "DELETE", "get", "Delete"])
    func uriMethods(method: String) throws {
        let request = try fixedSerializer().request(
            method: method, urlString: "http://example.com/items", parameters: ["key": "value"])
        #expect(request.url?.absoluteString == "http://example.com/items?key=value")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("The query is joined with & when the URL has one, and goes before a fragment")
    func queryJoining() throws {
        let serializer = fixedSerializer()
        let cases = [
            ("http://example.com/a?x=1", "http://example.com/a?x=1&key=value"),
            ("http://example.com/a?", "http://example.com/a?key=value"),
            ("http://example.com/a?x=1&", "http://example.com/a?x=1&key=value"),
            ("http://example.com/a#top", "http://example.com/a?key=value#top"),
            ("http://example.com/a?x=1#top", "http://example.com/a?x=1&key=value#top"),
        ]
        for (urlString, expected) in cases {
            let request = try serializer.request(method: "GET", urlString: urlString, parameters: ["key": "value"])
            #expect(request.url?.absoluteString == expected, "for \(urlString)")
        }
    }

    @Test("An empty dictionary adds no question mark to the URL")
    func emptyParameters() throws {
        let request = try fixedSerializer().request(
            method: "GET", urlString: "http://example.com", parameters: [String: Any]())
        #expect(request.url?.absoluteString == "http://example.com")
    }

    @Test("AFNetworking's reserved-character and already-escaped vectors reach the query escaped")
    func escapingVectors() throws {
        let serializer = fixedSerializer()
        let reserved = try serializer.request(
            method: "GET", urlString: "http://example.com", parameters: ["key": " :#[]@!$&'()*+,;=/?"])
        #expect(reserved.url?.query == "key=%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?")
        let escaped = try serializer.request(
            method: "GET", urlString: "http://example.com",
            parameters: ["key": "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F"])
        #expect(escaped.url?.query == "key=%2520%2521%2522%2523%2524%2525%2526%2527%2528%2529%252A%252B%252C%252F")
    }

    @Test("A method can be taken out of the URI methods, and its parameters move to the body")
    func customURIMethods() throws {
        var serializer = fixedSerializer()
        serializer.httpMethodsEncodingParametersInURI = ["GET", "HEAD"]
        let request = try serializer.request(
            method: "DELETE", urlString: "http://example.com/items/1", parameters: ["soft": true])
        #expect(request.httpBody == Data("soft=1".utf8))
        #expect(request.url?.query == nil)
        // A method is compared upper-cased. FoundationNetworking already upper-cases GET, HEAD,
        // DELETE and POST when they are set, but keeps `patch` as written: only such a method shows
        // the comparison.
        serializer.httpMethodsEncodingParametersInURI = ["GET", "HEAD", "DELETE", "PATCH"]
        let patch = try serializer.request(
            method: "patch", urlString: "http://example.com/items/1", parameters: ["soft": true])
        #expect(patch.url?.query == "soft=1", "a patch request's method was not compared upper-cased")
        #expect(patch.httpBody == nil)
    }

    @Test("A Content-Type the request already has is kept")
    func keepsContentType() throws {
        var request = URLRequest(url: URL(string: "http://example.com")!)
        request.httpMethod = "PUT"
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let serialized = try fixedSerializer().request(bySerializing: request, parameters: ["a": "b"])
        #expect(serialized.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(serialized.httpBody == Data("a=b".utf8))
    }

    @Test("Serializing an existing request adds the default headers it lacks and keeps its own")
    func existingRequest() throws {
        var serializer = fixedSerializer()
        serializer.setValue("from-serializer", forHTTPHeaderField: "X-Both")
        serializer.setValue("only-serializer", forHTTPHeaderField: "X-Serializer")
        var request = URLRequest(url: URL(string: "http://example.com/search")!)
        request.setValue("from-request", forHTTPHeaderField: "x-both")
        let serialized = try serializer.request(bySerializing: request, parameters: ["q": "swift"])
        #expect(serialized.value(forHTTPHeaderField: "X-Both") == "from-request")
        #expect(serialized.value(forHTTPHeaderField: "X-Serializer") == "only-serializer")
        #expect(serialized.value(forHTTPHeaderField: "Accept-Language") == "en;q=1")
        #expect(serialized.url?.absoluteString == "http://example.com/search?q=swift")
    }

    @Test("Parameters that are not a dictionary are an error for the default query string")
    func notADictionary() {
        #expect {
            try fixedSerializer().request(method: "POST", urlString: "http://example.com", parameters: ["a", "b"])
        } throws: { error in
            guard case RequestSerializationError.parametersNotADictionary = error else { return false }
            return true
        }
    }
}
