import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import RequestBodies
import TestSupport
import Testing

@Suite("Chapter 4's streamed multipart forms reach httpbin byte for byte", .interopServer)
struct MultipartTests {
    /// `count` random-looking bytes, the same on every run.
    static func bytes(_ count: Int, seed: UInt64) -> Data {
        var random = SeededGenerator(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// A file in a fresh folder, removed when `body` returns.
    static func withFile<T>(named name: String, contents: Data, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try contents.write(to: file)
        return try await body(file)
    }

    /// An echoed file part's bytes and content type (nil for text).
    static func file(_ name: String, in echo: Echo) throws -> (data: Data, contentType: String?) {
        let echoed = try #require(echo.files?[name]?.all.first, "no file part named \(name) in \(echo.files ?? [:])")
        return try #require(Echo.bytes(of: echoed), "not base64: \(echoed.prefix(80))")
    }

    @Test(
        "Fields, text, bytes, a file on disk and a stream: each part arrives exact, the upload reports its whole length"
    )
    func everyKindOfPart() async throws {
        let text = Data("Plain text, with ünïcödé and 😀.\r\n--not a boundary--\r\n".utf8)
        // Every byte value, then random ones: invalid UTF-8, so httpbin echoes it in base64.
        let binary = Data(0...255) + Self.bytes(100_000, seed: 1)
        let onDisk = Self.bytes(300_000, seed: 2)
        let streamed = Self.bytes(70_000, seed: 3)
        let progress = Locked<[Progress]>([])
        try await Self.withFile(named: "picture.png", contents: onDisk) { fileURL in
            try await withManager { manager in
                let outcome = try await manager.call { manager, success, failure in
                    manager.post(
                        "post", parameters: ["field": "value", "emoji": "😀", "nested": ["key": "inner"]],
                        constructingBodyWith: { form in
                            form.appendPart(withFormData: Data("form data".utf8), name: "plain")
                            form.appendPart(
                                withFileData: text, name: "text", fileName: "notes.txt", mimeType: "text/plain")
                            form.appendPart(
                                withFileData: binary, name: "binary", fileName: "blob.bin",
                                mimeType: "application/x-interop")
                            try form.appendPart(withFileURL: fileURL, name: "disk")
                            form.appendPart(
                                withInputStream: { InputStream(data: streamed) }, name: "stream",
                                fileName: "stream.dat",
                                length: UInt64(streamed.count), mimeType: "application/octet-stream")
                        },
                        progress: { snapshot in progress.withLock { $0.append(snapshot) } },
                        success: success, failure: failure)
                }
                let echo = try outcome.echo()
                #expect(outcome.task is URLSessionUploadTask)
                #expect(echo.form == ["field": "value", "emoji": "😀", "nested[key]": "inner", "plain": "form data"])
                for (name, sent, type) in [
                    ("text", text, nil), ("binary", binary, "application/x-interop"), ("disk", onDisk, "image/png"),
                    ("stream", streamed, "application/octet-stream"),
                ] as [(String, Data, String?)] {
                    let echoed = try Self.file(name, in: echo)
                    expectSameBytes(echoed.data, sent, "the \(name) part")
                    #expect(echoed.contentType == type, "the \(name) part")
                }
                #expect(echo.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
                // A streamed body must not carry an expectation a real server refuses: gunicorn
                // answers an empty `Expect:` with 417. libcurl's own `100-continue` is fine.
                #expect([nil, "100-continue"].contains(echo.header("Expect")))
                let last = try #require(progress.value.last)
                #expect(last.fractionCompleted == 1)
                #expect(last.totalUnitCount > Int64(binary.count + onDisk.count + streamed.count))
            }
        }
    }

    @Test("A 4 MB file is read from disk while it is sent, and arrives exact")
    func largeFile() async throws {
        let contents = Self.bytes(4 << 20, seed: 4)
        try await Self.withFile(named: "large.bin", contents: contents) { fileURL in
            try await withManager { manager in
                let outcome = try await manager.call { manager, success, failure in
                    manager.post(
                        "post",
                        constructingBodyWith: { form in try form.appendPart(withFileURL: fileURL, name: "large") },
                        success: success, failure: failure)
                }
                let echoed = try Self.file("large", in: outcome.echo())
                expectSameBytes(echoed.data, contents, "the large file")
                #expect(echoed.contentType == "application/octet-stream")
            }
        }
    }

    @Test("Field and file names with accents, spaces and emoji arrive as sent")
    func unicodeNames() async throws {
        try await withManager { manager in
            let outcome = try await manager.call { manager, success, failure in
                manager.post(
                    "post", parameters: ["naïve field": "café"],
                    constructingBodyWith: { form in
                        form.appendPart(
                            withFileData: Data("résumé".utf8), name: "résumé 😀", fileName: "ünï côdé.txt",
                            mimeType: "text/plain")
                    }, success: success, failure: failure)
            }
            let echo = try outcome.echo()
            #expect(echo.form == ["naïve field": "café"])
            #expect(echo.files == ["résumé 😀": "résumé"])
        }
    }

    @Test("A multipart POST with nothing in the form still succeeds, as a plain data task with an empty body")
    func emptyForm() async throws {
        try await withManager { manager in
            let outcome = try await manager.call { manager, success, failure in
                manager.post("post", constructingBodyWith: nil, success: success, failure: failure)
            }
            let echo = try outcome.echo()
            #expect(!(outcome.task is URLSessionUploadTask))
            #expect(echo.form == [:])
            #expect(echo.files == [:])
            #expect(echo.data == "")
        }
    }
}
