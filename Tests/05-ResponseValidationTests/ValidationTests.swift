import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("Validating a response: content type first, then status")
struct ValidationTests {
    let json = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])

    @Test("Every 2xx status passes, as in AFNetworking's own test")
    func successCodes() {
        let serializer = HTTPResponseSerializer()
        for status in 200..<300 {
            #expect(
                serializer.validate(Responses.http(status, contentType: "text/html"), data: Data("text".utf8)).isValid)
        }
    }

    @Test("Every 4xx and 5xx status fails with NSURLErrorBadServerResponse")
    func failureCodes() throws {
        let serializer = HTTPResponseSerializer()
        for status in 400..<600 {
            let error = try #require(serializer.validate(Responses.http(status), data: Data("text".utf8)).error)
            #expect(error.reason == .unacceptableStatusCode(status))
            #expect((error as NSError).code == NSURLErrorBadServerResponse)
        }
    }

    @Test("The acceptable statuses end where 2xx ends: 1xx, 199, 300 and 304 fail")
    func successRangeEnds() throws {
        let serializer = HTTPResponseSerializer()
        for status in [100, 199, 300, 304] {
            let error = try #require(
                serializer.validate(Responses.http(status), data: Data("text".utf8)).error, "status \(status) passed")
            #expect(error.reason == .unacceptableStatusCode(status))
        }
    }

    @Test("Status codes set to nil accept every status, and content types left nil accept every type")
    func nilAcceptsEverything() {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableStatusCodes = nil
        #expect(serializer.validate(Responses.http(503, contentType: "image/x-anything"), data: Responses.body).isValid)
    }

    @Test("An unacceptable content type with a body fails with NSURLErrorCannotDecodeContentData")
    func unacceptableContentType() throws {
        let error = try #require(
            json.validate(Responses.http(200, contentType: "text/html"), data: Responses.body).error)
        #expect(error.reason == .unacceptableContentType("text/html"))
        #expect((error as NSError).code == NSURLErrorCannotDecodeContentData)
        #expect(error.localizedDescription == "Request failed: unacceptable content-type: text/html")
        #expect(error.underlyingError == nil)
    }

    @Test("An unacceptable content type with an empty body fails without an error object")
    func unacceptableContentTypeEmptyBody() {
        let validation = json.validate(Responses.http(200, contentType: "text/html"), data: Data())
        #expect(!validation.isValid)
        #expect(validation.error == nil)
    }

    @Test("No MIME type and an empty body pass the content-type check")
    func noMIMETypeNoBody() {
        #expect(json.validate(Responses.http(204), data: Data()).isValid)
        #expect(json.validate(Responses.http(204), data: nil).isValid)
    }

    @Test("No MIME type with a body fails the content-type check, with AFNetworking's (null) in the message")
    func noMIMETypeWithBody() throws {
        let error = try #require(json.validate(Responses.http(200), data: Responses.body).error)
        #expect(error.reason == .unacceptableContentType(nil))
        #expect(error.localizedDescription == "Request failed: unacceptable content-type: (null)")
    }

    @Test("When both fail, the status error wraps the content-type error")
    func bothFail() throws {
        let error = try #require(
            json.validate(Responses.http(500, contentType: "text/html"), data: Responses.body).error)
        #expect(error.chain.map(\.reason) == [.unacceptableStatusCode(500), .unacceptableContentType("text/html")])
        let underlying = try #require((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.code == NSURLErrorCannotDecodeContentData)
    }

    @Test("A status failure with an empty, untyped body is reported; the content type is not")
    func statusFailsAloneOnEmptyBody() throws {
        let error = try #require(json.validate(Responses.http(404, contentType: "text/html"), data: Data()).error)
        #expect(error.chain.map(\.reason) == [.unacceptableStatusCode(404)])
    }

    @Test("A response that is not HTTP, or no response at all, is not validated")
    func notHTTP() {
        let file = URLResponse(
            url: URL(fileURLWithPath: "/tmp/a.txt"), mimeType: "text/plain", expectedContentLength: 4,
            textEncodingName: nil)
        #expect(json.validate(file, data: Data("text".utf8)).isValid)
        #expect(json.validate(nil, data: Data("text".utf8)).isValid)
    }

    @Test("The content type is read from the header as RFC 9110 says, on Linux too")
    func contentTypeSpelling() {
        for header in [
            "application/json", "Application/JSON", "application/json ; charset=utf-8",
            "application/json;Charset=\"UTF-8\"",
        ] {
            #expect(json.validate(Responses.http(200, contentType: header), data: Responses.body).isValid, "\(header)")
        }
    }

    @Test("The status message uses the platform's reason phrase for the code")
    func statusMessage() throws {
        let error = try #require(HTTPResponseSerializer().validate(Responses.http(404), data: nil).error)
        let phrase = HTTPURLResponse.localizedString(forStatusCode: 404)
        #expect(error.localizedDescription == "Request failed: \(phrase) (404)")
        #expect(phrase.lowercased() == "not found")
    }
}
