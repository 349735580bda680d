import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestBodies
import ResponseParsing
import ResponseValidation
import SessionManager
import TaskDelegates
import TestSupport
import Testing

/// The awaited multipart POST: the closure verb's form and task, waited for.
@Suite("The async multipart POST")
struct AsyncMultipartTests {
    @Test(
        "An awaited multipart POST sends its fields and its file, reports the upload up to 1.0, and returns the manager's object"
    )
    func sends() async throws {
        try await Harness.with { harness in
            let (stream, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
            let manager = harness.manager
            async let result = manager.post("post", parameters: ["key": "value"], progress: reporter) { form in
                form.appendPart(
                    withFileData: Data(payload(20_000).utf8), name: "file", fileName: "file.txt", mimeType: "text/plain"
                )
            }
            var last: TransferProgress?
            for await progress in stream { last = progress }
            let object = try await result.object as? [String: Any]
            let parts = try #require(object?["parts"] as? [[String: Any]])
            #expect(parts.map { $0["name"] as? String } == ["key", "file"])
            #expect(parts.last?["size"] as? Int == 20_000)
            #expect(last?.fractionCompleted == 1.0)
        }
    }

    @Test(
        "An awaited multipart POST with its own serializer returns that serializer's object, and the manager keeps its own"
    )
    func ownSerializer() async throws {
        try await Harness.with { harness in
            let echo = try await harness.manager.post(
                "post", serializer: DecodableResponseSerializer(HTTPBin.Echo.self)
            ) { form in
                form.appendPart(
                    withFileData: Data("Data".utf8), name: "DataName", fileName: "DataFileName", mimeType: "data")
            }
            #expect(
                echo.object?.parts == [
                    HTTPBin.Echo.Part(name: "DataName", filename: "DataFileName", contentType: "data", size: 4)
                ])
            #expect(harness.manager.responseSerializer is JSONResponseSerializer)
        }
    }

    @Test("An awaited multipart POST whose form cannot be built throws the form's error and sends nothing")
    func unbuildable() async throws {
        try await Harness.with { harness in
            let missing = URL(fileURLWithPath: "/no/such/file.txt")
            let error = await #expect(throws: MultipartFormError.self) {
                try await harness.manager.post("post") { form in try form.appendPart(withFileURL: missing, name: "file")
                }
            }
            guard case .fileNotReachable(let url) = error else {
                Issue.record("expected fileNotReachable, got \(String(describing: error))")
                return
            }
            #expect(url == missing)
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("An awaited multipart POST answered with a 500 throws the serializer's error, with the response")
    func refused() async throws {
        try await Harness.with { harness in
            let error = await #expect(throws: ResponseSerializationError.self) {
                try await harness.manager.post("status/500") { form in
                    form.appendPart(withFileData: Data("x".utf8), name: "x", fileName: "x", mimeType: "text/plain")
                }
            }
            #expect(error?.reason == .unacceptableStatusCode(500))
        }
    }

    @Test("Cancelling the Swift task of an awaited multipart POST cancels its upload task: CancellationError")
    func cancel() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let cancelled = Locked<[URLSessionTask]>([])
            manager.updateHooks {
                $0.taskDidComplete = { _, task, error in
                    if (error as? URLError)?.code == .cancelled { cancelled.withLock { $0.append(task) } }
                }
            }
            let call = Task {
                _ = try await manager.post("delay/30000") { form in
                    form.appendPart(
                        withFileData: Data("slow".utf8), name: "file", fileName: "slow.txt", mimeType: "text/plain")
                }
            }
            #expect(await eventually(within: 60) { harness.server.requests.count == 1 })
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(cancelled.value.count == 1)
            #expect(cancelled.value.first is URLSessionUploadTask)
            #expect(manager.taskTable.count == 0)
        }
    }
}

/// The awaited download into a file: success, the file already there, the file that cannot be
/// moved, the server's and the network's failures, and cancellation.
@Suite("The async download")
struct AsyncDownloadTests {
    /// A fresh folder for one test's files, removed afterwards.
    func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afn-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// The bytes HTTPBin serves for `path`, asked for as data.
    func bytes(_ path: String, _ harness: Harness) async throws -> Data {
        try #require(try await harness.manager.response("GET", path, serializer: HTTPResponseSerializer()).object)
    }

    @Test(
        "An awaited download puts the body in the file asked for, reports it up to 1.0, and returns the file's URL and the response"
    )
    func download() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("bytes.bin")
                let (stream, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
                let manager = harness.manager
                async let result = manager.download(
                    "bytes/200000", parameters: ["seed": 7], to: file, progress: reporter)
                var last: TransferProgress?
                for await progress in stream { last = progress }
                let (url, status) = try await (result.object, result.response.statusCode)
                #expect(url == file)
                #expect(status == 200)
                let expected = try await bytes("bytes/200000?seed=7", harness)
                #expect(try Data(contentsOf: file) == expected)
                #expect(last?.fractionCompleted == 1.0)
            }
        }
    }

    @Test(
        "Without replacing, a file already there stays as it was, and the call throws fileNotMoved with the file manager's error"
    )
    func existingFileStays() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("kept.bin")
                try Data("old".utf8).write(to: file)
                do {
                    _ = try await harness.manager.download("bytes/1000", to: file)
                    Issue.record("the download replaced a file it was not allowed to")
                } catch HTTPSessionManagerError.fileNotMoved(let url, let response, let error) {
                    #expect(url == file)
                    #expect(response.statusCode == 200)
                    #expect((error as? CocoaError)?.code == .fileWriteFileExists)
                }
                #expect(try Data(contentsOf: file) == Data("old".utf8))
            }
        }
    }

    @Test("With replacingExistingFile, a file already there is replaced by the download")
    func replaces() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("replaced.bin")
                try Data("old".utf8).write(to: file)
                let result = try await harness.manager.download(
                    "bytes/1000", parameters: ["seed": 3], to: file, replacingExistingFile: true)
                #expect(result.object == file)
                let expected = try await bytes("bytes/1000?seed=3", harness)
                #expect(try Data(contentsOf: file) == expected)
            }
        }
    }

    @Test(
        "A download into a folder that does not exist throws fileNotMoved; the closure form reports the URL and no error, as AFNetworking does"
    )
    func unmovable() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "no-such-folder-\(UUID().uuidString)/file.bin")
            await #expect {
                _ = try await manager.download("bytes/1000", to: file)
            } throws: { error in
                guard case HTTPSessionManagerError.fileNotMoved(let url, _, _) = error else { return false }
                return url == file
            }
            // The closure form: the handler gets the URL and no error; only the notification tells.
            let failures = Locked(0)
            let observer = manager.notificationCenter.addObserver(
                forName: .downloadTaskDidFailToMoveFile, object: nil, queue: nil
            ) { _ in
                failures.withLock { $0 += 1 }
            }
            defer { manager.notificationCenter.removeObserver(observer) }
            let handed = try await waitForCallback(within: 30, for: "the download's completion handler") { finish in
                do {
                    let task = try manager.downloadTask(
                        with: URLRequest(url: harness.server.url("/bytes/1000")), destination: { _, _ in file }
                    ) {
                        _, object, error in finish(.success((object as? URL, error.map { "\($0)" })))
                    }
                    manager.resume(task)
                } catch {
                    finish(.failure(error))
                }
            }
            #expect(handed.0 == file)
            #expect(handed.1 == nil)
            #expect(failures.value == 1)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("An awaited download of a 404 throws the serializer's unacceptable status, and no file appears")
    func notFound() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("missing.bin")
                let error = await #expect(throws: ResponseSerializationError.self) {
                    try await harness.manager.download("status/404", to: file)
                }
                #expect(error?.reason == .unacceptableStatusCode(404))
                #expect(!FileManager.default.fileExists(atPath: file.path), "the 404's body was saved as the download")
            }
        }
    }

    /// The destination is asked for once the response is known, before the serializer refuses it:
    /// the old file must not make way for an error page.
    @Test(
        "A refused status leaves the file already there as it was, even with replacingExistingFile, and the error carries the server's explanation"
    )
    func refusedStatusKeepsTheOldFile() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("kept.bin")
                try Data("old".utf8).write(to: file)
                let error = await #expect(throws: ResponseSerializationError.self) {
                    try await harness.manager.download("/no/such/file", to: file, replacingExistingFile: true)
                }
                #expect(error?.reason == .unacceptableStatusCode(404))
                let kept = try Data(contentsOf: file)
                #expect(
                    kept == Data("old".utf8),
                    "the file now holds \(kept.count) bytes: the 404's body replaced the file the caller had")
                let explanation = error?.data.map { String(decoding: $0, as: UTF8.self) } ?? ""
                #expect(explanation.contains("no route for /no/such/file"), "the error's body is \"\(explanation)\"")
            }
        }
    }

    @Test("An awaited download from a port nobody listens on throws the network's error, and no file appears")
    func refused() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let file = folder.appendingPathComponent("refused.bin")
                let error = await #expect(throws: URLError.self) {
                    try await harness.manager.download("http://127.0.0.1:1/bytes/10", to: file)
                }
                #expect(error?.code == .cannotConnectToHost)
                #expect(!FileManager.default.fileExists(atPath: file.path))
            }
        }
    }

    @Test("Cancelling the Swift task of an awaited download cancels the download task: CancellationError, and no file")
    func cancel() async throws {
        try await Harness.with { harness in
            try await withFolder { folder in
                let manager = harness.manager
                let file = folder.appendingPathComponent("cancelled.bin")
                let cancelled = Locked<[URLSessionTask]>([])
                manager.updateHooks {
                    $0.taskDidComplete = { _, task, error in
                        if (error as? URLError)?.code == .cancelled { cancelled.withLock { $0.append(task) } }
                    }
                }
                let call = Task { _ = try await manager.download("delay/30000", to: file) }
                #expect(await eventually(within: 60) { harness.server.requests.count == 1 })
                call.cancel()
                await #expect(throws: CancellationError.self) { try await call.value }
                #expect(cancelled.value.first is URLSessionDownloadTask)
                #expect(manager.taskTable.count == 0)
                #expect(!FileManager.default.fileExists(atPath: file.path))
            }
        }
    }
}
