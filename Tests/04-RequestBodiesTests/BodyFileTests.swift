import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

@Suite("Writing the body to a file")
struct BodyFileTests {
    @Test("The file holds exactly the streamed body")
    func writeBody() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try folder.file("notes.txt", contents: Data(repeating: 0x61, count: 700_000))
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("x".utf8), name: "a")
        try form.appendPart(withFileURL: source, name: "notes")
        let destination = folder.url.appendingPathComponent("body")
        let written = try form.writeBody(to: destination)
        #expect(written == form.contentLength)
        #expect(try Data(contentsOf: destination) == readAll(form.makeBodyStream()))
    }

    @Test("A multipart request becomes a file upload request with Content-Length and no stream")
    func uploadRequest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFileData: Data("hello".utf8), name: "f", fileName: "f.txt", mimeType: "text/plain")
        let streamed = try fixedSerializer().multipartFormRequest(
            urlString: "http://example.com", form: form, framing: .chunked)
        let destination = folder.url.appendingPathComponent("body")
        let upload = try streamed.writingBodyStream(to: destination)
        #expect(upload.httpBodyStream == nil)
        #expect(upload.value(forHTTPHeaderField: "Content-Length") == String(form.contentLength))
        #expect(upload.value(forHTTPHeaderField: "Expect") == nil)
        #expect(upload.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=\(testBoundary)")
        #expect(try Data(contentsOf: destination).count == Int(form.contentLength))
    }

    @Test("A request without a body stream is an error")
    func noStream() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: MultipartFormError.self) {
            try URLRequest(url: URL(string: "http://example.com")!).writingBodyStream(
                to: folder.url.appendingPathComponent("x"))
        }
    }

    @Test("A body that fails half-way leaves no partial file behind")
    func noPartialFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var form = MultipartFormData()
        form.appendPart(
            withInputStream: { InputStream(data: Data(count: 500_000)) }, name: "s", fileName: "s", length: 600_000,
            mimeType: "application/octet-stream")
        let destination = folder.url.appendingPathComponent("body")
        #expect(throws: MultipartFormError.self) { try form.writeBody(to: destination) }
        #expect(!FileManager.default.fileExists(atPath: destination.path), "the partial body was left in the file")
    }

    @Test("A destination that cannot be created is a write error")
    func unwritableDestination() {
        var form = MultipartFormData()
        form.appendPart(withFormData: Data("x".utf8), name: "a")
        #expect {
            try form.writeBody(to: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)/body"))
        } throws: { error in
            guard case MultipartFormError.writeFailed = error else { return false }
            return true
        }
    }
}
