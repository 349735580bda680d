import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("The NSError form of a serialization error")
struct ErrorBridgingTests {
    @Test("Domain, code and userInfo keys are AFNetworking's")
    func userInfo() {
        let response = Responses.http(422, contentType: "application/json")
        let error = ResponseSerializationError(.unacceptableStatusCode(422), response: response, data: Responses.body)
        let nsError = error as NSError
        #expect(nsError.domain == "com.alamofire.error.serialization.response")
        #expect(nsError.code == -1011)
        #expect(nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL == Responses.url)
        #expect(
            nsError.userInfo["com.alamofire.serialization.response.error.response"] as? HTTPURLResponse === response)
        #expect(nsError.userInfo["com.alamofire.serialization.response.error.data"] as? Data == Responses.body)
        #expect(nsError.userInfo[NSUnderlyingErrorKey] == nil)
        #expect(nsError.localizedDescription == error.reason.description)
    }

    @Test("Each reason has its code: -1011 for a status, -1103 for a size, -1016 for the rest")
    func codes() {
        func code(_ reason: ResponseSerializationError.Reason) -> Int {
            (ResponseSerializationError(reason, response: nil, data: nil) as NSError).code
        }
        #expect(code(.unacceptableStatusCode(500)) == NSURLErrorBadServerResponse)
        #expect(code(.bodyTooLarge(byteCount: 2, limit: 1)) == NSURLErrorDataLengthExceedsMaximum)
        let decodingReasons: [ResponseSerializationError.Reason] = [
            .unacceptableContentType("text/html"), .unknownCharset("x"), .invalidText(charset: "utf-8", byteOffset: 0),
            .nestingTooDeep(limit: 512), .malformedBody(format: "JSON", detail: ""), .entityDeclarationsRefused,
            .decodingFailed(type: "User", detail: ""),
        ]
        for reason in decodingReasons {
            #expect(code(reason) == NSURLErrorCannotDecodeContentData, "\(reason)")
        }
    }

    @Test("Without a response, the error has no failing URL, response or data")
    func noResponse() {
        let nsError = ResponseSerializationError(.unknownCharset("x-klingon"), response: nil, data: nil) as NSError
        #expect(Set(nsError.userInfo.keys) == [NSLocalizedDescriptionKey])
    }

    @Test("The description reads the chain from the top")
    func description() {
        let type = ResponseSerializationError(.unacceptableContentType("text/html"), response: nil, data: nil)
        let error = ResponseSerializationError(
            .unacceptableStatusCode(500), response: nil, data: nil, underlyingError: type)
        #expect(error.chain.map(\.reason) == [.unacceptableStatusCode(500), .unacceptableContentType("text/html")])
        let phrase = HTTPURLResponse.localizedString(forStatusCode: 500)
        #expect("\(error)" == "Request failed: \(phrase) (500) ← Request failed: unacceptable content-type: text/html")
    }
}
