import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import Locking
import RequestBodies
import RequestSerialization
import Testing

/// One loopback server for every test of this target, started on first use; the tests run in
/// parallel, so each one sends to a path of its own and finds its request by that path.
enum Loopback {
    static let server = Task { try await HTTPBin.start() }
}

/// Runs one task on a session of its own, through a delegate, as a session manager does: the
/// delegate collects the response and hands URLSession a fresh body stream when it asks for one
/// (`uploadTask(withStreamedRequest:)` always asks).
final class OneTask: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Written by URLSession's serial delegate queue, read after the task completes; the lock makes
    // that ordering explicit.
    private struct State {
        var body = Data()
        var finish: CheckedContinuation<(HTTPURLResponse?, Data), any Error>?
    }
    private let state = Protected(State())
    private let form: MultipartFormData?

    private init(form: MultipartFormData?) {
        self.form = form
    }

    /// The response and body of the task `makeTask` creates. Bounded by the request's timeout.
    static func run(form: MultipartFormData? = nil, _ makeTask: (URLSession) -> URLSessionTask) async throws -> (
        HTTPURLResponse?, Data
    ) {
        let delegate = OneTask(form: form)
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.state.withLock { $0.finish = continuation }
            makeTask(session).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.body.append(data) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping (InputStream?) -> Void
    ) {
        completionHandler(form?.makeBodyStream())
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (finish, body) = state.withLock { ($0.finish, $0.body) }
        if let error {
            finish?.resume(throwing: error)
        } else {
            finish?.resume(returning: (task.response as? HTTPURLResponse, body))
        }
    }
}

extension HTTPBin.Echo {
    init(_ result: (HTTPURLResponse?, Data)) throws {
        self = try JSONDecoder().decode(HTTPBin.Echo.self, from: result.1)
    }
}

@Suite("Bodies as the loopback server receives them")
struct LoopbackTests {
    /// A form with a text part and a file part given as bytes, and its fixed boundary.
    func form(fileBytes: Data = Data("hello\n".utf8)) throws -> MultipartFormData {
        var form = try MultipartFormData(boundary: testBoundary)
        form.appendPart(withFileData: fileBytes, name: "file", fileName: "hello.txt", mimeType: "text/plain")
        return form
    }

    func received(_ path: String) async throws -> RecordedRequest {
        try #require(try await Loopback.server.value.requests.first { $0.path == path })
    }

    @Test("A JSON POST arrives with its body and Content-Type")
    func json() async throws {
        let server = try await Loopback.server.value
        let serializer = JSONRequestSerializer(http: fixedSerializer(), writingOptions: [.sortedKeys])
        let request = try serializer.request(
            method: "POST", urlString: server.url("/anything/json").absoluteString,
            parameters: ["b": [1, 2], "a": "é"])
        let echo = try HTTPBin.Echo(await OneTask.run { $0.dataTask(with: request) })
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.body == #"{"a":"é","b":[1,2]}"#)
    }

    @Test("A binary property-list PUT arrives intact")
    func propertyList() async throws {
        let server = try await Loopback.server.value
        let serializer = PropertyListRequestSerializer(http: fixedSerializer(), format: .binary)
        let request = try serializer.request(
            method: "PUT", urlString: server.url("/anything/plist").absoluteString,
            parameters: ["n": 7, "d": Data([0, 255])])
        let echo = try HTTPBin.Echo(await OneTask.run { $0.dataTask(with: request) })
        #expect(echo.headers["content-type"] == "application/x-plist")
        let body = try #require(echo.bodyData)
        let decoded = try PropertyListSerialization.propertyList(from: body, format: nil) as? [String: Any]
        #expect(decoded?["n"] as? Int == 7)
        #expect(decoded?["d"] as? Data == Data([0, 255]))
    }

    @Test("A streamed multipart POST arrives part by part and byte for byte, framed as the platform requires")
    func streamedMultipart() async throws {
        let server = try await Loopback.server.value
        let url = server.url("/anything/multipart").absoluteString
        let request = try fixedSerializer().multipartFormRequest(
            urlString: url, parameters: ["title": "Greetings"], form: form())
        let expected = try readAll(
            #require(
                fixedSerializer().multipartFormRequest(urlString: url, parameters: ["title": "Greetings"], form: form())
                    .httpBodyStream))
        let echo = try HTTPBin.Echo(await OneTask.run { $0.dataTask(with: request) })
        #expect(
            echo.parts == [
                HTTPBin.Echo.Part(name: "title", size: 9),
                HTTPBin.Echo.Part(name: "file", filename: "hello.txt", contentType: "text/plain", size: 6),
            ])
        #expect(echo.form == ["title": ["Greetings"]])
        #expect(echo.bodyData == expected)
        let wire = try await received("/anything/multipart")
        #if canImport(FoundationNetworking)
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.header("Content-Length") == nil)
        #else
        #expect(wire.header("Content-Length") == String(expected.count))
        #endif
    }

    @Test("A 256 KB file part is streamed from disk, several reads long, and arrives byte for byte")
    func largeFilePart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = Data((0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = try folder.file("data.bin", contents: bytes)
        var form = try MultipartFormData(boundary: testBoundary)
        try form.appendPart(withFileURL: file, name: "upload")
        let server = try await Loopback.server.value
        let request = try fixedSerializer().multipartFormRequest(
            urlString: server.url("/anything/large").absoluteString, form: form)
        let echo = try HTTPBin.Echo(await OneTask.run { $0.dataTask(with: request) })
        #expect(
            echo.parts == [
                HTTPBin.Echo.Part(
                    name: "upload", filename: "data.bin", contentType: "application/octet-stream", size: bytes.count)
            ])
        #expect(UInt64(echo.bodySize) == form.contentLength)
        #expect(echo.bodyData?.range(of: bytes) != nil)
    }

    @Test(
        "On Linux, a body stream with a Content-Length is refused as invalid HTTP: the trap the chunked framing avoids")
    func contentLengthTrap() async throws {
        let server = try await Loopback.server.value
        let request = try fixedSerializer().multipartFormRequest(
            urlString: server.url("/anything/trap").absoluteString, form: form(), framing: .contentLength)
        let (response, _) = try await OneTask.run { $0.dataTask(with: request) }
        #if canImport(FoundationNetworking)
        #expect(response?.statusCode == 400)  // libcurl added Transfer-Encoding: chunked next to the length
        #else
        #expect(response?.statusCode == 200)
        #endif
    }

    @Test(
        "A streamed upload task of the chunked framing asks for 100 Continue, as libcurl does, and the server's answer lets the body go at once"
    )
    func streamedUploadTask() async throws {
        let server = try await Loopback.server.value
        let form = try form()
        let request = try fixedSerializer().multipartFormRequest(
            urlString: server.url("/anything/streamed").absoluteString, form: form, framing: .chunked)
        let echo = try HTTPBin.Echo(await OneTask.run(form: form) { $0.uploadTask(withStreamedRequest: request) })
        #expect(echo.parts.map(\.name) == ["file"])
        let wire = try await received("/anything/streamed")
        #if canImport(FoundationNetworking)
        #expect(wire.header("Expect") == "100-continue")
        #expect(wire.answeredContinue)
        #endif
        #expect(wire.header("Content-Length") == nil)
    }

    @Test("An upload from the written body file arrives with its Content-Length and no chunking")
    func uploadFromFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await Loopback.server.value
        let form = try form()
        let streamed = try fixedSerializer().multipartFormRequest(
            urlString: server.url("/anything/from-file").absoluteString, form: form)
        let bodyFile = folder.url.appendingPathComponent("body")
        let request = try streamed.writingBodyStream(to: bodyFile)
        let echo = try HTTPBin.Echo(await OneTask.run { $0.uploadTask(with: request, fromFile: bodyFile) })
        #expect(echo.parts.map(\.name) == ["file"])
        let wire = try await received("/anything/from-file")
        #expect(wire.header("Content-Length") == String(form.contentLength))
        #expect(wire.header("Transfer-Encoding") == nil)
    }

    @Test("A stream part shorter than it declared fails the task instead of hanging")
    func shortPartFailsTheTask() async throws {
        let server = try await Loopback.server.value
        var form = MultipartFormData()
        form.appendPart(
            withInputStream: { InputStream(data: Data(count: 100)) }, name: "s", fileName: "s.bin", length: 200,
            mimeType: "application/octet-stream")
        var request = try fixedSerializer().multipartFormRequest(
            urlString: server.url("/anything/short").absoluteString, form: form)
        request.timeoutInterval = 5
        await #expect(throws: (any Error).self) { try await OneTask.run { $0.dataTask(with: request) } }
    }
}
