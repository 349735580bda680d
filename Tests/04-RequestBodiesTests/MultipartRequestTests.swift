import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

@Suite("Multipart requests")
struct MultipartRequestTests {
    func form() throws -> MultipartFormData {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("1".utf8), name: "a")
        return form
    }

    @Test("Content-Length framing sets the body's exact length, as AFNetworking does")
    func contentLengthFraming() throws {
        let form = try form()
        let request = try fixedSerializer().multipartFormRequest(
            urlString: "http://example.com/upload", form: form, framing: .contentLength)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=\(testBoundary)")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(form.contentLength))
        #expect(request.value(forHTTPHeaderField: "Expect") == nil)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "Tests/1.0 (Linux)")
        #expect(request.httpBody == nil)  // the stream replaced the serializer's empty form body
        let stream = try #require(request.httpBodyStream)
        #expect(UInt64(try readAll(stream).count) == form.contentLength)
    }

    @Test("Chunked framing sets no Content-Length, and no Expect header a server could refuse")
    func chunkedFraming() throws {
        var serializer = fixedSerializer()
        serializer.setValue("123", forHTTPHeaderField: "Content-Length")  // even a default one goes
        let request = try serializer.multipartFormRequest(
            urlString: "http://example.com/upload", form: try form(), framing: .chunked)
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(request.value(forHTTPHeaderField: "Expect") == nil)
        #expect(request.httpBodyStream != nil)
    }

    @Test("The platform's framing is chunked with FoundationNetworking, Content-Length elsewhere")
    func platformFraming() {
        #if canImport(FoundationNetworking)
        #expect(StreamedBodyFraming.platformDefault == .chunked)
        #else
        #expect(StreamedBodyFraming.platformDefault == .contentLength)
        #endif
    }

    @Test("GET and HEAD cannot carry a multipart body", arguments: ["GET", "head"])
    func noBodyMethods(method: String) {
        #expect {
            try fixedSerializer().multipartFormRequest(
                method: method, urlString: "http://example.com", form: try form())
        } throws: { error in
            guard case RequestSerializationError.methodDoesNotAllowBody(method) = error else { return false }
            return true
        }
    }

    @Test("An empty form with no parameters keeps AFNetworking's empty url-encoded body and no Content-Length")
    func emptyForm() throws {
        let request = try fixedSerializer().multipartFormRequest(
            method: "PUT", urlString: "http://example.com", parameters: [:], form: MultipartFormData())
        #expect(request.httpBodyStream == nil)
        #expect(request.httpBody == Data())
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "Tests/1.0 (Linux)")
    }

    @Test("An empty form through a JSON serializer is its bodiless request: no body, no Content-Type")
    func emptyFormThroughJSON() throws {
        let request = try JSONRequestSerializer(http: fixedSerializer()).multipartFormRequest(
            urlString: "http://example.com", form: MultipartFormData())
        #expect(request.httpBodyStream == nil)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("A JSON serializer's default headers and properties apply to its multipart requests")
    func throughJSONSerializer() throws {
        var http = fixedSerializer()
        http.timeoutInterval = 7
        http.setValue("secret", forHTTPHeaderField: "X-Key")
        let json = JSONRequestSerializer(http: http)
        let request = try json.multipartFormRequest(urlString: "http://example.com", form: try form())
        #expect(request.value(forHTTPHeaderField: "X-Key") == "secret")
        #expect(request.timeoutInterval == 7)
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") == true)
    }

    @Test("A bad URL string is a bad-URL error here too")
    func badURL() {
        #expect(throws: RequestSerializationError.self) {
            try fixedSerializer().multipartFormRequest(urlString: "http://exa mple.com", form: try form())
        }
    }
}
