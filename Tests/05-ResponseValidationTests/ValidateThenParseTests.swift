import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing
import TestSupport

@Suite("The contract: validate, then parse, and return both")
struct ValidateThenParseTests {
    typealias Reason = ResponseSerializationError.Reason
    let json = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])

    /// A stand-in parser: the body as a string, and a record of whether it ran.
    final class Parser: Sendable {
        private let calls = Locked(0)
        var ran: Bool { calls.value > 0 }
        func parse(_ body: Data) throws(Reason) -> String? {
            calls.withLock { $0 += 1 }
            return String(decoding: body, as: UTF8.self)
        }
    }

    @Test("A status failure still parses the body, and returns the object with the error")
    func statusFailureKeepsTheBody() throws {
        let result = json.serialize(
            Responses.http(422, contentType: "application/json"), data: Responses.body, parse: Parser().parse)
        #expect(result.object == #"{"error":"email taken"}"#)
        #expect(result.error?.reason == .unacceptableStatusCode(422))
    }

    @Test("A content-type failure returns the error and never runs the parser")
    func contentTypeFailureSkipsTheParser() {
        let parser = Parser()
        let result = json.serialize(
            Responses.http(200, contentType: "text/html"), data: Responses.body, parse: parser.parse)
        #expect(result.object == nil)
        #expect(result.error?.reason == .unacceptableContentType("text/html"))
        #expect(!parser.ran, "the parser ran on a body whose content type was refused")
    }

    @Test("A content-type failure beneath a status failure also skips the parser")
    func contentTypeBeneathStatus() {
        let parser = Parser()
        let result = json.serialize(
            Responses.http(500, contentType: "text/html"), data: Responses.body, parse: parser.parse)
        #expect(result.error?.chain.count == 2)
        #expect(!parser.ran, "the parser ran on a body whose content type was refused beneath a status failure")
    }

    @Test("An empty body has nothing to parse: no object, and no error when the response is valid")
    func emptyBody() {
        let parser = Parser()
        let result = json.serialize(
            Responses.http(200, contentType: "application/json"), data: Data(), parse: parser.parse)
        #expect(result.object == nil && result.error == nil && !parser.ran)
    }

    @Test("A parse failure is on top of the chain, the validation failure beneath it")
    func parseFailureOverValidation() throws {
        let result: SerializedResponse<String> = json.serialize(
            Responses.http(500, contentType: "application/json"), data: Responses.body
        ) { _ throws(Reason) in
            throw .malformedBody(format: "JSON", detail: "bad")
        }
        let error = try #require(result.error)
        #expect(
            error.chain.map(\.reason) == [.malformedBody(format: "JSON", detail: "bad"), .unacceptableStatusCode(500)])
        #expect(error.data == Responses.body)
        #expect(error.failingURL == Responses.url)
    }

    @Test("A body over the size limit is refused before the parser sees it")
    func sizeLimit() {
        var serializer = json
        serializer.maximumBodySize = 8
        let parser = Parser()
        let result = serializer.serialize(
            Responses.http(200, contentType: "application/json"), data: Responses.body, parse: parser.parse)
        #expect(result.error?.reason == .bodyTooLarge(byteCount: Responses.body.count, limit: 8))
        #expect(!parser.ran, "the parser ran on a body over the size limit")
    }

    @Test("The default size limit is 16 MiB: a body of that size is parsed, one byte more is refused")
    func defaultSizeLimit() {
        #expect(json.maximumBodySize == 16 << 20)
        let parser = Parser()
        let atLimit = json.serialize(
            Responses.http(200, contentType: "application/json"), data: Data(count: 16 << 20), parse: parser.parse)
        #expect(atLimit.error == nil && parser.ran, "a body of exactly 16 MiB was not parsed")
        let over = json.serialize(
            Responses.http(200, contentType: "application/json"), data: Data(count: (16 << 20) + 1),
            parse: Parser().parse)
        #expect(over.error?.reason == .bodyTooLarge(byteCount: (16 << 20) + 1, limit: 16 << 20))
    }

    @Test("The base serializer returns the body untouched, with the validation error if any")
    func baseSerializer() {
        let result = HTTPResponseSerializer().responseObject(
            for: Responses.http(404, contentType: "text/html"), data: Responses.body)
        #expect(result.object == Responses.body)
        #expect(result.error?.reason == .unacceptableStatusCode(404))
    }

    @Test("get() throws the error, so a caller can use try when the failed body is of no use")
    func get() {
        let failed = HTTPResponseSerializer().responseObject(for: Responses.http(404), data: Responses.body)
        #expect(throws: ResponseSerializationError.self) { try failed.get() }
        let passed = HTTPResponseSerializer().responseObject(for: Responses.http(200), data: Responses.body)
        #expect((try? passed.get()) == Responses.body)
    }
}
