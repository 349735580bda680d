import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

@Suite("Multipart framing, byte for byte")
struct MultipartFramingTests {
    @Test("A random boundary is Boundary+ and 16 upper-case hex digits")
    func boundaryFormat() {
        for _ in 0..<100 {
            let boundary = MultipartFormData().boundary
            #expect(boundary.hasPrefix("Boundary+"))
            let digits = boundary.dropFirst("Boundary+".count)
            #expect(digits.count == 16)
            #expect(digits.allSatisfy { "0123456789ABCDEF".contains($0) })
        }
        #expect(MultipartFormData().boundary != MultipartFormData().boundary)
    }

    @Test("One part: initial boundary, headers, empty line, body, final boundary")
    func onePart() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("value".utf8), name: "key")
        let expected =
            "--Boundary+0123456789ABCDEF\r\n"
            + "Content-Disposition: form-data; name=\"key\"\r\n"
            + "\r\n"
            + "value"
            + "\r\n--Boundary+0123456789ABCDEF--\r\n"
        let body = try readAll(form.makeBodyStream())
        #expect(shown(body) == shown(Data(expected.utf8)))
        #expect(form.contentLength == UInt64(expected.utf8.count))
    }

    @Test("Later parts start with CRLF and the encapsulation boundary; parameters come first")
    func parametersThenParts() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFileData: Data("Data".utf8), name: "DataName", fileName: "DataFileName", mimeType: "data")
        let request = try fixedSerializer().multipartFormRequest(
            urlString: "http://example.com/post", parameters: ["key": "value", "list": ["a", NSNull()]], form: form)
        let expected =
            "--Boundary+0123456789ABCDEF\r\n"
            + "Content-Disposition: form-data; name=\"key\"\r\n\r\n"
            + "value"
            + "\r\n--Boundary+0123456789ABCDEF\r\n"
            + "Content-Disposition: form-data; name=\"list[]\"\r\n\r\n"
            + "a"
            + "\r\n--Boundary+0123456789ABCDEF\r\n"
            + "Content-Disposition: form-data; name=\"list[]\"\r\n\r\n"
            + ""
            + "\r\n--Boundary+0123456789ABCDEF\r\n"
            + "Content-Disposition: form-data; name=\"DataName\"; filename=\"DataFileName\"\r\n"
            + "Content-Type: data\r\n\r\n"
            + "Data"
            + "\r\n--Boundary+0123456789ABCDEF--\r\n"
        let stream = try #require(request.httpBodyStream)
        let body = try readAll(stream)
        #expect(shown(body) == shown(Data(expected.utf8)))
    }

    @Test("A body ending in CRLF, or holding boundary-like text, is framed unchanged")
    func awkwardBodies() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("line\r\n".utf8), name: "a")
        form.appendPart(withFormData: Data("--Boundary+0123456789ABCDEG".utf8), name: "b")
        form.appendPart(withFormData: Data(), name: "c")
        let expected =
            "--Boundary+0123456789ABCDEF\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nline\r\n"
            + "\r\n--Boundary+0123456789ABCDEF\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n--Boundary+0123456789ABCDEG"
            + "\r\n--Boundary+0123456789ABCDEF\r\nContent-Disposition: form-data; name=\"c\"\r\n\r\n"
            + "\r\n--Boundary+0123456789ABCDEF--\r\n"
        let body = try readAll(form.makeBodyStream())
        #expect(shown(body) == shown(Data(expected.utf8)))
    }

    @Test("Quotes and line breaks in names are escaped as browsers escape them")
    func nameEscaping() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFileData: Data(), name: "a\"b", fileName: "x\r\ny.txt", mimeType: "text/plain")
        let body = String(decoding: try readAll(form.makeBodyStream()), as: UTF8.self)
        #expect(body.contains("Content-Disposition: form-data; name=\"a%22b\"; filename=\"x%0D%0Ay.txt\"\r\n"))
    }

    // The first MIME type is the multipart fuzz target's input (Fuzz/Targets/multipart): written as
    // given, its line feed ended the part's headers, and the body's first byte became a header line.
    @Test("A line break in a MIME type is escaped, so the part keeps its headers and its bytes")
    func mimeTypeLineBreak() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFileData: Data("x".utf8), name: "f", fileName: "a.txt", mimeType: "\n")
        form.appendPart(
            withFileData: Data("y".utf8), name: "g", fileName: "b.txt",
            mimeType: "text/plain; charset=\"utf-8\"\r\nX-Injected: 1")
        form.appendPart(
            withInputStream: { InputStream(data: Data("z".utf8)) }, name: "h", fileName: "c.bin", length: 1,
            mimeType: "a\rb")
        let expected =
            "--\(testBoundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: %0A\r\n\r\nx"
            + "\r\n--\(testBoundary)\r\nContent-Disposition: form-data; name=\"g\"; filename=\"b.txt\"\r\n"
            + "Content-Type: text/plain; charset=\"utf-8\"%0D%0AX-Injected: 1\r\n\r\ny"
            + "\r\n--\(testBoundary)\r\nContent-Disposition: form-data; name=\"h\"; filename=\"c.bin\"\r\nContent-Type: a%0Db\r\n\r\nz"
            + "\r\n--\(testBoundary)--\r\n"
        #expect(try readAll(form.makeBodyStream()) == Data(expected.utf8))
    }

    @Test("The same bytes come out whatever the size of the reads", arguments: [1, 2, 3, 7, 64, 1000, 1 << 20])
    func readSizes(chunk: Int) throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("first".utf8), name: "one")
        form.appendPart(
            withInputStream: { InputStream(data: Data(repeating: 0x41, count: 300)) }, name: "two", fileName: "two.bin",
            length: 300, mimeType: "application/octet-stream")
        form.appendPart(withFormData: Data("last".utf8), name: "three")
        let whole = try readAll(form.makeBodyStream(), chunk: 1 << 20)
        let body = try readAll(form.makeBodyStream(), chunk: chunk)
        #expect(shown(body) == shown(whole), "read \(chunk) bytes at a time")
        #expect(UInt64(whole.count) == form.contentLength)
    }

    @Test(
        "An invalid boundary is refused",
        arguments: ["", String(repeating: "a", count: 71), "bad\"quote", "ends ", "é"])
    func invalidBoundary(boundary: String) {
        #expect(throws: MultipartFormError.self) { try MultipartFormData(boundary: boundary) }
    }

    @Test("A header with a line break is refused")
    func headerInjection() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        #expect(throws: MultipartFormError.self) {
            try form.appendPart(withHeaders: [PartHeader("X-Note", "a\r\nContent-Type: text/html")], body: Data())
        }
        try form.appendPart(
            withHeaders: [PartHeader("Content-Disposition", "form-data; name=\"raw\""), PartHeader("X-Note", "fine")],
            body: Data("b".utf8))
        let body = String(decoding: try readAll(form.makeBodyStream()), as: UTF8.self)
        #expect(
            body
                == "--\(testBoundary)\r\nContent-Disposition: form-data; name=\"raw\"\r\nX-Note: fine\r\n\r\nb\r\n--\(testBoundary)--\r\n"
        )
    }
}
