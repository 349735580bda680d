import Chapter04Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

let boundary = "Boundary+0123456789ABCDEF"

/// The body chapter 4's library sends for `form`, read from its stream as URLSession reads it.
func body(of form: MultipartFormData) throws -> Data {
    let request = form.request(byFinalizing: URLRequest(url: URL(string: "https://example.com/upload")!))
    let stream = try #require(request.httpBodyStream)
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
        data.append(buffer, count: count)
    }
    return data
}

/// `parts` read back, or a message that names the first part that differs from `expected`.
func mismatch(_ parts: [FormPart], _ expected: [FormPart]) -> String? {
    guard parts.count == expected.count else { return "\(parts.count) parts read, \(expected.count) sent" }
    for (index, (read, sent)) in zip(parts, expected).enumerated() where read != sent {
        return "part \(index): read \(describe(read)), sent \(describe(sent))"
    }
    return nil
}

func describe(_ part: FormPart) -> String {
    let content = String(data: part.content, encoding: .utf8).map { $0.debugDescription } ?? "\(part.content.count) bytes"
    return "name \(part.name.debugDescription), file \(part.fileName.debugDescription), type \(part.contentType.debugDescription), content \(content.prefix(120))"
}

@Suite("4.3 Fix the multipart parser")
struct FormPartsTests {
    @Test("A part's content is exactly its bytes: the CRLF before the next boundary is not part of it")
    func exactContent() throws {
        var form = try MultipartFormData(boundary: boundary)
        form.appendPart(withFormData: Data("42".utf8), name: "answer")
        form.appendPart(withFileData: Data("hi\n".utf8), name: "f", fileName: "x.txt", mimeType: "text/plain")
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        let problem = mismatch(parts, [FormPart(name: "answer", content: Data("42".utf8)),
                                       FormPart(name: "f", fileName: "x.txt", contentType: "text/plain", content: Data("hi\n".utf8))])
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("Binary content comes back byte for byte")
    func binary() throws {
        let bytes = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        var form = try MultipartFormData(boundary: boundary)
        form.appendPart(withFileData: bytes, name: "photo", fileName: "p.png", mimeType: "image/png")
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        #expect(parts.first?.content == bytes, "the first of \(parts.count) parts holds \(parts.first?.content.count ?? 0) bytes; 512 were sent")
    }

    @Test("Content that holds an empty line, ends in CRLF, or has a line that begins like the boundary is kept whole")
    func trickyContent() throws {
        let contents = ["line 1\r\n\r\nline 3", "ends in CRLF\r\n", "\r\n--\(boundary)X is not a boundary\r\n--\(boundary)-nor is this"]
        var form = try MultipartFormData(boundary: boundary)
        for (index, content) in contents.enumerated() { form.appendPart(withFormData: Data(content.utf8), name: "c\(index)") }
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        let problem = mismatch(parts, contents.enumerated().map { FormPart(name: "c\($0.offset)", content: Data($0.element.utf8)) })
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("Header names ignore case, and a quoted file name may hold a ;")
    func headers() throws {
        var form = try MultipartFormData(boundary: boundary)
        try form.appendPart(withHeaders: [PartHeader("content-disposition", #"form-data; name="doc"; filename="a;b.txt""#),
                                          PartHeader("CONTENT-TYPE", "text/plain")], body: Data("x".utf8))
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        let problem = mismatch(parts, [FormPart(name: "doc", fileName: "a;b.txt", contentType: "text/plain", content: Data("x".utf8))])
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("A quoted name or file name may hold \"; \", which only looks like the start of the next parameter")
    func quotedSeparator() throws {
        var form = try MultipartFormData(boundary: boundary)
        form.appendPart(withFileData: Data("%PDF".utf8), name: "draft; v2", fileName: "report; final.pdf", mimeType: "application/pdf")
        form.appendPart(withFormData: Data("y".utf8), name: "a; filename=b")
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        let problem = mismatch(parts, [FormPart(name: "draft; v2", fileName: "report; final.pdf", contentType: "application/pdf", content: Data("%PDF".utf8)),
                                       FormPart(name: "a; filename=b", content: Data("y".utf8))])
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("Every form the course library writes, with parameters first, is read back part by part")
    func roundTrip() throws {
        var state: UInt64 = 43
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Never the boundary line itself, which no part may hold, but everything around it.
        let pieces = ["a", " ", "\r\n", "\r", "\n", "--\(boundary)X", boundary, "é", "\u{0}", ";", "\"", "=", "中"]
        for _ in 0..<40 {
            var form = try MultipartFormData(boundary: boundary)
            var expected: [FormPart] = []
            for index in 0...next(4) {
                let content = Data((0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined().utf8)
                if next(2) == 0 {
                    form.appendPart(withFormData: content, name: "field\(index)")
                    expected.append(FormPart(name: "field\(index)", content: content))
                } else {
                    form.appendPart(withFileData: content, name: "file\(index)", fileName: "f;\(index).bin", mimeType: "application/octet-stream")
                    expected.append(FormPart(name: "file\(index)", fileName: "f;\(index).bin", contentType: "application/octet-stream", content: content))
                }
            }
            let parts = try formParts(of: try body(of: form), boundary: boundary)
            let problem = mismatch(parts, expected)
            #expect(problem == nil, "\(problem ?? "")")
            if problem != nil { return }
        }
    }

    @Test("A body cut before its final boundary, or a part with no empty line after its headers, is an error")
    func badBodies() throws {
        var form = try MultipartFormData(boundary: boundary)
        form.appendPart(withFormData: Data("42".utf8), name: "answer")
        let whole = try body(of: form)
        #expect(throws: FormParseError.missingFinalBoundary) { try formParts(of: whole.dropLast(10), boundary: boundary) }
        let noBlankLine = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n--\(boundary)--\r\n".utf8)
        #expect(throws: FormParseError.malformedPart(index: 0)) { try formParts(of: noBlankLine, boundary: boundary) }
        #expect(throws: FormParseError.noFirstBoundary) { try formParts(of: Data("hello".utf8), boundary: boundary) }
        // Cut right after the empty line that ends the first part's headers: the part is well
        // formed so far, but the body stops before any boundary closes it.
        let headersEnd = try #require(whole.range(of: Data("\r\n\r\n".utf8))).upperBound
        #expect(throws: FormParseError.missingFinalBoundary, "a body cut just after a part's empty line has no final boundary") {
            try formParts(of: whole[..<headersEnd], boundary: boundary)
        }
        // Written with a longer boundary: the first line only begins like this one's boundary line.
        let otherBoundary = Data("--\(boundary)XY\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(boundary)--\r\n".utf8)
        #expect(throws: FormParseError.self, "a first line `--\(boundary)XY` is not the boundary line: the boundary must be followed by CRLF") {
            try formParts(of: otherBoundary, boundary: boundary)
        }
    }

    @Test("A body that ends before its final boundary is missingFinalBoundary, whatever the part it cut had got to")
    func cutShort() {
        let cuts = [
            ("--\(boundary)\r\n\r\n", "just after the empty line of a part with no headers (so with no name yet)"),
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"", "inside a part's headers (before their empty line)"),
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(boundary)\r\nContent-Dispo", "inside the second part's headers"),
        ]
        for (cut, place) in cuts {
            #expect(throws: FormParseError.missingFinalBoundary, "a body cut \(place) ends before its final boundary: the cut is what is wrong with it, not the part it cut") {
                try formParts(of: Data(cut.utf8), boundary: boundary)
            }
        }
    }

    @Test("An empty quoted file name is empty, as a browser sends for a file input left empty; a lone quote is not")
    func emptyQuotes() throws {
        var form = try MultipartFormData(boundary: boundary)
        try form.appendPart(withHeaders: [PartHeader("Content-Disposition", #"form-data; name="upload"; filename="""#),
                                          PartHeader("Content-Type", "application/octet-stream")], body: Data())
        let parts = try formParts(of: try body(of: form), boundary: boundary)
        let problem = mismatch(parts, [FormPart(name: "upload", fileName: "", contentType: "application/octet-stream", content: Data())])
        #expect(problem == nil, "\(problem ?? "")")

        var unclosed = try MultipartFormData(boundary: boundary)
        try unclosed.appendPart(withHeaders: [PartHeader("Content-Disposition", #"form-data; name="upload"; filename=""#)], body: Data("x".utf8))
        // A parser may refuse this header, or keep the lone quote; it must not read it as `""`.
        if let read = try? formParts(of: try body(of: unclosed), boundary: boundary), let fileName = read.first?.fileName {
            #expect(fileName != "", "`filename=\"` opens a quote that never closes: it is not the empty file name `filename=\"\"`, one quote cannot be both")
        }
    }
}
