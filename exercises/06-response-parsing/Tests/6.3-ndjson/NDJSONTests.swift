import Chapter06Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("6.3 Add a serializer for newline-delimited JSON")
struct NDJSONTests {
    let serializer = NDJSONResponseSerializer()

    func response(_ status: Int = 200, _ contentType: String = "application/x-ndjson") -> HTTPURLResponse? {
        HTTPURLResponse(url: URL(string: "https://api.example.com/logs")!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])
    }

    /// The parsed lines written back as compact JSON, one string per element.
    func lines(_ object: [Any]?) -> [String]? {
        object?.map { value in
            let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test("Each line becomes one element, in order")
    func eachLine() {
        let body = Data("{\"level\":\"info\"}\n{\"level\":\"warn\"}\n[1,2]\n".utf8)
        let result = serializer.responseObject(for: response(), data: body)
        #expect(lines(result.object) == [#"{"level":"info"}"#, #"{"level":"warn"}"#, "[1,2]"])
        #expect(result.error == nil)
    }

    @Test("A line may hold any JSON value: a bare number, string, boolean or null too")
    func fragments() {
        let body = Data("42\n\"done\"\ntrue\nnull\n{\"a\":1}\n".utf8)
        let result = serializer.responseObject(for: response(), data: body)
        #expect(lines(result.object) == ["42", #""done""#, "true", "null", #"{"a":1}"#])
        #expect(result.error == nil, "\(String(describing: result.error?.reason))")
    }

    @Test("Blank lines are skipped, and CRLF line endings are accepted")
    func blankLinesAndCRLF() {
        let body = Data("{\"a\":1}\r\n\r\n  \n{\"b\":2}".utf8)
        #expect(lines(serializer.responseObject(for: response(), data: body).object) == [#"{"a":1}"#, #"{"b":2}"#])
    }

    @Test("A status failure returns the lines with the status error")
    func statusFailure() {
        let result = serializer.responseObject(for: response(503), data: Data("{\"retry\":30}\n".utf8))
        #expect(lines(result.object) == [#"{"retry":30}"#])
        #expect(result.error?.reason == .unacceptableStatusCode(503))
    }

    @Test("A JSON content type gives the content-type error and no lines")
    func contentType() {
        let result = serializer.responseObject(for: response(200, "application/json"), data: Data("{}\n".utf8))
        #expect(result.object == nil)
        #expect(result.error?.reason == .unacceptableContentType("application/json"))
    }

    @Test("A line that is not JSON fails the body, naming its line number")
    func malformedLine() {
        let result = serializer.responseObject(for: response(), data: Data("{}\n{}\n{oops}\n".utf8))
        #expect(result.object == nil)
        #expect(result.error?.reason == .malformedBody(format: "NDJSON", detail: "line 3 is not JSON"))
    }

    @Test("A bad line after CRLFs and blank lines is named by the line an editor shows it on")
    func lineNumberAfterBlankLinesAndCRLF() {
        // Lines 1 to 6: {}, (blank), {}, (blank), two spaces, {oops}. CRLF and LF both end one line.
        let body = "{}\r\n\r\n{}\n\n  \r\n{oops}\n"
        let result = serializer.responseObject(for: response(), data: Data(body.utf8))
        #expect(result.object == nil)
        let right = result.error?.reason == .malformedBody(format: "NDJSON", detail: "line 6 is not JSON")
        #expect(right, "for the body \(body.debugDescription), the error is \(result.error.map { "\($0.reason)" } ?? "none"): count its lines as an editor shows them")
    }

    @Test("A body over the size limit is refused")
    func sizeLimit() {
        var small = serializer
        small.maximumBodySize = 4
        #expect(small.responseObject(for: response(), data: Data("{}\n{}\n".utf8)).error?.reason == .bodyTooLarge(byteCount: 6, limit: 4))
    }
}
