import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageInflation
import RequestSerialization
import ResponseValidation
import SessionManager
import TestSupport
import Testing

@Suite("Downloads, cancellation, timeouts and a burst of requests against httpbin", .interopServer)
struct TransferTests {
    /// What a download task left: the file's bytes, the progress it reported, its response.
    struct Downloaded {
        var contents: Data
        var progress: [Progress]
        var response: HTTPURLResponse?
    }

    /// Runs a download task for `path` to a fresh file, waits for its completion handler, checks
    /// that the file is where the destination said, and reads it (then removes it).
    static func download(_ manager: HTTPSessionManager, _ path: String) async throws -> Downloaded {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interop-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("downloaded.bin")
        let progress = Locked<[Progress]>([])
        let request = try manager.request(method: "GET", urlString: path)
        let started = Locked<URLSessionDownloadTask?>(nil)
        let finished = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<URL, any Error>) in
            do {
                let task = try manager.downloadTask(
                    with: request, progress: { snapshot in progress.withLock { $0.append(snapshot) } },
                    destination: { _, _ in
                        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                        return destination
                    },
                    completionHandler: { _, object, error in
                        if let error { return continuation.resume(throwing: error) }
                        guard let url = object as? URL else {
                            return continuation.resume(throwing: NotADownload(object: "\(object ?? "nil")"))
                        }
                        continuation.resume(returning: url)
                    })
                started.withLock { $0 = task }
                manager.resume(task)
            } catch {
                continuation.resume(throwing: error)
            }
        }
        let task = try #require(started.value)
        #expect(finished == destination)
        return Downloaded(
            contents: try Data(contentsOf: finished), progress: progress.value,
            response: task.response as? HTTPURLResponse)
    }

    /// What httpbin's `/range/n` sends: the alphabet over and over, the same on every request.
    /// (Its seeded random routes are not: the worker's threads share one generator.)
    static func alphabet(_ range: Range<Int>) -> Data {
        Data(range.map { UInt8(ascii: "a") + UInt8($0 % 26) })
    }

    @Test(
        "A download task moves the file to its destination with exactly the bytes sent, reporting progress to the end")
    func download() async throws {
        try await withManager { manager in
            let downloaded = try await Self.download(manager, "range/102400")
            expectSameBytes(downloaded.contents, Self.alphabet(0..<102_400), "the downloaded file")
            #expect(downloaded.progress.last?.completedUnitCount == 102_400)
            #expect(downloaded.progress.last?.fractionCompleted == 1)
            #expect(downloaded.response?.statusCode == 200)
            #expect(manager.taskTable.count == 0)
        }
    }

    @Test("A Range header gets a 206 with exactly the bytes asked for")
    func range() async throws {
        try await withManager { manager in
            let partial = try await manager.response(
                "GET", "range/1000", headers: ["Range": "bytes=100-299"], serializer: HTTPResponseSerializer())
            #expect(partial.response.statusCode == 206)
            #expect(partial.response.value(forHTTPHeaderField: "Content-Range") == "bytes 100-299/1000")
            expectSameBytes(try #require(partial.object), Self.alphabet(100..<300), "the range")
        }
    }

    @Test("A chunked download (no Content-Length) arrives whole, and an image decodes from its downloaded file")
    func chunkedAndImage() async throws {
        try await withManager { manager in
            let downloaded = try await Self.download(manager, "stream-bytes/100000?chunk_size=997")
            #expect(downloaded.contents.count == 100_000)
            #expect(downloaded.response?.value(forHTTPHeaderField: "Content-Length") == nil)
            #expect(downloaded.response?.value(forHTTPHeaderField: "Transfer-Encoding") == "chunked")
            let image = try await Self.download(manager, "image/png").contents
            let fetched = try #require(
                try await manager.response("GET", "image/png", serializer: HTTPResponseSerializer()).object)
            expectSameBytes(image, fetched, "the downloaded image")
            let bitmap = try decodeBitmap(from: image)
            #expect((bitmap.width, bitmap.height) == (100, 100))
        }
    }

    @Test("Cancelling the Swift task of a slow response mid-body ends the call with CancellationError and -999")
    func cancelAsync() async throws {
        try await withManager { manager in
            let completed = Locked<[Int]>([])
            manager.updateHooks {
                $0.taskDidComplete = { _, _, error in
                    completed.withLock { $0.append((error as? URLError)?.code.rawValue ?? 0) }
                }
            }
            let (stream, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
            // Ten bytes over 30 seconds: the first arrives at once, the rest far later.
            let call = Task {
                try await manager.response(
                    "GET", "drip?numbytes=10&duration=30&delay=0", serializer: HTTPResponseSerializer(),
                    downloadProgress: reporter)
            }
            for await progress in stream where progress.completed > 0 { break }
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await eventually { completed.value == [URLError.cancelled.rawValue] })
            #expect(manager.taskTable.count == 0)
        }
    }

    @Test("Cancelling a closure verb's task before the server answers calls the failure closure once, with -999")
    func cancelClosure() async throws {
        try await withManager { manager in
            let outcome = try await manager.call { manager, success, failure in
                let task = manager.get("delay/10", success: success, failure: failure)
                task?.cancel()
                return task
            }
            let error = try #require(outcome.error as? URLError)
            #expect(error.code == .cancelled)
            #expect((error as NSError).code == -999)
            #expect(manager.taskTable.count == 0)
        }
    }

    @Test("A request timeout shorter than the server's delay fails with URLError.timedOut")
    func timeout() async throws {
        try await withManager { manager in
            var serializer = HTTPRequestSerializer()
            serializer.timeoutInterval = 1
            manager.requestSerializer = serializer
            let error = await #expect(throws: URLError.self) { try await manager.get("delay/4") }
            #expect(error?.code == .timedOut)
        }
    }

    @Test("100 concurrent async calls each get their own answer, once")
    func asyncBurst() async throws {
        try await withManager { manager in
            let answers = try await withThrowingTaskGroup(of: (Int, [String: Values]).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let echo = try await manager.decoded(
                            Echo.self, "anything/\(index)", parameters: ["index": index, "emoji": "😀"])
                        #expect(echo.object.path == "/anything/\(index)")
                        return (index, echo.object.args)
                    }
                }
                var answers: [Int: [String: Values]] = [:]
                for try await (index, args) in group {
                    #expect(answers[index] == nil, "call \(index) answered twice")
                    answers[index] = args
                }
                return answers
            }
            #expect(answers.count == 100)
            #expect(answers.allSatisfy { $0.value == ["index": Values(stringLiteral: "\($0.key)"), "emoji": "😀"] })
            #expect(manager.taskTable.count == 0)
        }
    }

    @Test("100 concurrent closure verbs of every kind each call one closure once, and every task completes once")
    func closureBurst() async throws {
        try await withManager { manager in
            let completions = Locked<[ObjectIdentifier: Int]>([:])
            manager.updateHooks {
                $0.taskDidComplete = { _, task, _ in
                    completions.withLock { $0[ObjectIdentifier(task), default: 0] += 1 }
                }
            }
            let outcomes = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let outcome = try await manager.call { manager, success, failure in
                            switch index % 4 {
                            case 0: manager.get("get", parameters: ["i": index], success: success, failure: failure)
                            case 1: manager.post("post", parameters: ["i": index], success: success, failure: failure)
                            case 2: manager.put("put", parameters: ["i": index], success: success, failure: failure)
                            default:
                                manager.post(
                                    "post", parameters: ["i": index],
                                    constructingBodyWith: { form in
                                        form.appendPart(
                                            withFileData: Data("file \(index)".utf8), name: "file", fileName: "f.txt",
                                            mimeType: "text/plain")
                                    }, success: success, failure: failure)
                            }
                        }
                        let echo = try outcome.echo()
                        return (index, (echo.args["i"] ?? echo.form?["i"])?.all.first)
                    }
                }
                var outcomes: [Int: String?] = [:]
                for try await (index, echoed) in group { outcomes[index] = echoed }
                return outcomes
            }
            #expect(outcomes.count == 100)
            #expect(outcomes.allSatisfy { $0.value == "\($0.key)" })
            #expect(await eventually { completions.value.count == 100 })
            #expect(completions.value.values.allSatisfy { $0 == 1 })
            #expect(manager.taskTable.count == 0)
        }
    }
}

/// A download's completion handler was given something other than the file's URL.
struct NotADownload: Error {
    let object: String
}
