import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

@Suite("Multipart parts from data, files and streams")
struct MultipartPartsTests {
    @Test("A file part is named after the file and typed by its extension")
    func filePart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("photo.JPG", contents: Data([0xFF, 0xD8, 0xFF]))
        var form = try MultipartFormData(boundary: testBoundary)
        try form.appendPart(withFileURL: file, name: "upload")
        let expected =
            Data(
                "--\(testBoundary)\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"photo.JPG\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            + Data([0xFF, 0xD8, 0xFF]) + Data("\r\n--\(testBoundary)--\r\n".utf8)
        let body = try readAll(form.makeBodyStream())
        #expect(shown(body) == shown(expected))
    }

    @Test("MIME types come from the extension, application/octet-stream when unknown")
    func mimeTypes() {
        #expect(mimeType(forPathExtension: "png") == "image/png")
        #expect(mimeType(forPathExtension: "JSON") == "application/json")
        #expect(mimeType(forPathExtension: "cer") == "application/x-x509-ca-cert")  // AFNetworking's own test
        #expect(mimeType(forPathExtension: "xyz123") == "application/octet-stream")
        #expect(mimeType(forPathExtension: "") == "application/octet-stream")
    }

    @Test("A URL that is not a file URL is AFNetworking's bad-URL error")
    func notAFileURL() throws {
        var form = MultipartFormData()
        #expect {
            try form.appendPart(withFileURL: URL(string: "http://example.com/a.png")!, name: "f")
        } throws: { error in
            guard case MultipartFormError.notAFileURL = error else { return false }
            let nsError = error as NSError
            return nsError.code == URLError.Code.badURL.rawValue
                && nsError.userInfo[NSLocalizedFailureReasonErrorKey] as? String == "Expected URL to be a file URL"
        }
        #expect(form.isEmpty)
    }

    @Test("A missing file is refused when it is added, not when the body is sent")
    func missingFile() {
        var form = MultipartFormData()
        #expect {
            try form.appendPart(withFileURL: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).txt"), name: "f")
        } throws: { error in
            guard case MultipartFormError.fileNotReachable = error else { return false }
            return (error as NSError).userInfo[NSLocalizedFailureReasonErrorKey] as? String == "File URL not reachable."
        }
    }

    @Test("A folder is refused as a file part")
    func folderPart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var form = MultipartFormData()
        #expect {
            try form.appendPart(withFileURL: folder.url, name: "f")
        } throws: { error in
            guard case MultipartFormError.fileUnreadable = error else { return false }
            return true
        }
    }

    @Test("A file removed after it was added makes the body stream fail, not hang")
    func fileRemovedBeforeSending() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.file("gone.txt", contents: Data("abc".utf8))
        var form = MultipartFormData()
        try form.appendPart(withFileURL: file, name: "f")
        try FileManager.default.removeItem(at: file)
        #expect(throws: MultipartFormError.self) { try readAll(form.makeBodyStream()) }
    }

    @Test("A stream shorter than its declared length fails the body with the part's index")
    func shortStream() throws {
        var form = MultipartFormData()
        form.appendPart(withFormData: Data("x".utf8), name: "first")
        form.appendPart(
            withInputStream: { InputStream(data: Data(count: 10)) }, name: "s", fileName: "s.bin", length: 11,
            mimeType: "application/octet-stream")
        #expect {
            try readAll(form.makeBodyStream())
        } throws: { error in
            guard case MultipartFormError.partShorterThanDeclared(index: 1, declared: 11, actual: 10) = error else {
                return false
            }
            return true
        }
    }

    @Test("A stream longer than its declared length fails the body too")
    func longStream() {
        var form = MultipartFormData()
        form.appendPart(
            withInputStream: { InputStream(data: Data(count: 12)) }, name: "s", fileName: "s.bin", length: 11,
            mimeType: "application/octet-stream")
        #expect {
            try readAll(form.makeBodyStream())
        } throws: { error in
            guard case MultipartFormError.partLongerThanDeclared(index: 0, declared: 11) = error else { return false }
            return true
        }
    }

    @Test("A form can be read twice: each body stream makes its part streams anew")
    func readTwice() throws {
        var form = MultipartFormData()
        form.appendPart(
            withInputStream: { InputStream(data: Data("stream".utf8)) }, name: "s", fileName: "s.txt", length: 6,
            mimeType: "text/plain")
        let first = try readAll(form.makeBodyStream())
        let body = try readAll(form.makeBodyStream())
        #expect(shown(body) == shown(first), "the second read of the form differs from the first")
        #expect(String(decoding: first, as: UTF8.self).contains("\r\n\r\nstream\r\n"))
    }

    @Test("A read of zero bytes, or of a negative count, is not the end of the body")
    func emptyReads() throws {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFormData: Data("x".utf8), name: "a")
        let stream = form.makeBodyStream()
        stream.open()
        var byte: UInt8 = 0
        #expect(stream.read(&byte, maxLength: 0) == 0)
        #expect(stream.read(&byte, maxLength: -5) == 0)
        #expect(stream.hasBytesAvailable)
        stream.close()
        #expect(try readAll(stream).count == Int(form.contentLength))
    }

    @Test("The same body stream can be opened again and gives the same bytes: a request can be sent twice")
    func reopen() throws {
        var form = MultipartFormData()
        form.appendPart(
            withInputStream: { InputStream(data: Data("again".utf8)) }, name: "s", fileName: "s.txt", length: 5,
            mimeType: "text/plain")
        let stream = form.makeBodyStream()
        let first = try readAll(stream)
        let again = try readAll(stream)
        #expect(shown(again) == shown(first), "the body stream opened again gives other bytes")
        #expect(first.count == Int(form.contentLength))
    }

    @Test("A 64 MB stream part is read a buffer at a time, never as a whole")
    func streamsInBuffers() throws {
        let length: UInt64 = 64 << 20
        let made = Made()
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(
            withInputStream: { made.stream(length: length) }, name: "big", fileName: "big.bin", length: length,
            mimeType: "application/octet-stream")
        let stream = form.makeBodyStream()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        var total: UInt64 = 0
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
            total += UInt64(count)
        }
        #expect(total == form.contentLength)
        #expect(made.last?.produced == length)
        // The part's stream was never asked for more than the reader's caller asked for.
        #expect(made.last?.largestRead ?? .max <= buffer.count)
    }

    /// Keeps the last stream made, to ask it afterwards how it was read.
    final class Made: @unchecked Sendable {
        private(set) var last: GeneratedStream?
        func stream(length: UInt64) -> GeneratedStream {
            let stream = GeneratedStream(length: length)
            last = stream
            return stream
        }
    }
}
