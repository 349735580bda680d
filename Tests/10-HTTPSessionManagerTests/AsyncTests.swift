import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestSerialization
import ResponseValidation
import TestSupport
import Testing

@Suite("The async façade")
struct AsyncTests {
    @Test("decoded(_:) returns the typed value and the HTTP response")
    func decoded() async throws {
        try await Harness.with { harness in
            let result = try await harness.manager.decoded(HTTPBin.Echo.self, "get", parameters: ["q": "swift"])
            #expect(result.object.args == ["q": ["swift"]])
            #expect(result.response.statusCode == 200)
        }
    }

    @Test("response(serializer:) parses with the serializer given, the untyped get with the manager's own")
    func serializers() async throws {
        try await Harness.with { harness in
            let raw = try await harness.manager.response("GET", "bytes/1000", serializer: HTTPResponseSerializer())
            #expect(raw.object?.count == 1000)
            let json = try await harness.manager.get("get", parameters: ["q": "1"])
            let object = try #require(json.object as? [String: Any])
            #expect((object["args"] as? [String: Any])?["q"] as? [String] == ["1"])
            // The manager's serializer is still JSON for the closure verbs.
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.get("get", success: success, failure: failure)
            }
            #expect(try outcome.echo().path == "/get")
        }
    }

    @Test("Calls with different serializers at the same time each get their own, and the verbs keep the manager's")
    func concurrentSerializers() async throws {
        struct Slideshow: Decodable { let slideshow: [String: String?] }
        try await Harness.with { harness in
            let manager = harness.manager
            try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        switch index % 3 {
                        case 0: return try await manager.decoded(HTTPBin.Echo.self, "get").object.path
                        case 1:
                            return
                                "\(try await manager.response("GET", "bytes/10", serializer: HTTPResponseSerializer()).object?.count ?? -1)"
                        default: return try await manager.get("get").object is [String: Any] ? "json" : "not json"
                        }
                    }
                }
                var seen: [String: Int] = [:]
                for try await answer in group { seen[answer, default: 0] += 1 }
                #expect(seen == ["/get": 7, "10": 7, "json": 6])
            }
        }
    }

    @Test("A serializer set after a façade call serves the verbs, and the next façade call still gets its own")
    func replacedSerializer() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            _ = try await manager.decoded(HTTPBin.Echo.self, "get")
            manager.responseSerializer = HTTPResponseSerializer()
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.get(
                    "bytes/10",
                    success: { task, object in success(task, (object as? Data)?.count == 10 ? ["ten": true] : nil) },
                    failure: failure)
            }
            #expect(outcome.hasObject)
            let echo = try await manager.decoded(HTTPBin.Echo.self, "get", parameters: ["after": "1"])
            #expect(echo.object.args == ["after": ["1"]])
            let bytes = try await manager.get("bytes/10")
            #expect((bytes.object as? Data)?.count == 10)
        }
    }

    @Test("A serializer set on the manager while a typed call is in flight leaves that call its own")
    func replacedInFlight() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            _ = try await manager.decoded(HTTPBin.Echo.self, "get")
            let call = Task { try await manager.decoded(HTTPBin.Echo.self, "delay/2000") }
            #expect(await eventually { harness.server.requests.count == 2 })
            manager.responseSerializer = HTTPResponseSerializer()
            let echo = try await call.value
            #expect(echo.object.method == "GET")
            // The manager's new serializer serves the next closure verb.
            #expect(manager.responseSerializer is HTTPResponseSerializer)
        }
    }

    @Test("A response that is not HTTP (a data: URL) gives a typed error that carries it")
    func notHTTP() async throws {
        try await Harness.with { harness in
            do {
                _ = try await harness.manager.response("GET", "data:,hello", serializer: HTTPResponseSerializer())
                Issue.record("the call succeeded")
            } catch HTTPSessionManagerError.notHTTP(let response) {
                #expect(response?.url?.scheme == "data")
            }
        }
    }

    @Test("A 404 throws the serializer's error, with the response and the body")
    func notFound() async throws {
        try await Harness.with { harness in
            let error = await #expect(throws: ResponseSerializationError.self) {
                try await harness.manager.response(
                    "GET", "response?status=404&content-type=application/json&body=%7B%7D",
                    serializer: HTTPResponseSerializer())
            }
            #expect(error?.reason == .unacceptableStatusCode(404))
            #expect(error?.data == Data("{}".utf8))
        }
    }

    @Test("A 204 gives no object; decoding it throws noContent with the response")
    func noContent() async throws {
        try await Harness.with { harness in
            let result = try await harness.manager.response("GET", "status/204", serializer: HTTPResponseSerializer())
            #expect(result.object?.isEmpty ?? true)
            #expect(result.response.statusCode == 204)
            do {
                _ = try await harness.manager.decoded(HTTPBin.Echo.self, "status/204")
                Issue.record("decoding a 204 succeeded")
            } catch HTTPSessionManagerError.noContent(let response) {
                #expect(response.statusCode == 204)
            }
        }
    }

    @Test("A request that cannot be built throws before anything is sent")
    func unbuildable() async throws {
        try await Harness.with { harness in
            await #expect(throws: RequestSerializationError.self) { try await harness.manager.get("http://[::1") }
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("Download progress arrives as an AsyncStream that reaches 1.0 and then finishes")
    func downloadProgress() async throws {
        try await Harness.with { harness in
            let (stream, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
            let manager = harness.manager
            async let result = manager.response(
                "GET", "bytes/200000", serializer: HTTPResponseSerializer(), downloadProgress: reporter)
            let collected = await collect(stream, within: 30)
            let body = try await result.object
            #expect(body?.count == 200_000)
            let fractions = try #require(
                collected, "the progress stream was still open 30 s after the call: nobody finished it"
            ).map(\.fractionCompleted)
            #expect(fractions.last == 1.0)
            #expect(fractions.count > 1)
            #expect(fractions == fractions.sorted())
        }
    }

    @Test("Upload progress of a POST arrives as an AsyncStream that reaches 1.0")
    func uploadProgress() async throws {
        try await Harness.with { harness in
            let (stream, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
            let manager = harness.manager
            async let result = manager.post("post", parameters: ["payload": payload(20_000)], progress: reporter)
            let collected = await collect(stream, within: 30)
            let status = try await result.response.statusCode
            #expect(status == 200)
            let values = try #require(
                collected, "the progress stream was still open 30 s after the call: nobody finished it")
            #expect(values.last?.fractionCompleted == 1.0)
        }
    }

    @Test("Cancelling the Swift task cancels the URLSession task: CancellationError, long before the server answers")
    func cancel() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let completed = Locked(0)
            manager.updateHooks {
                $0.taskDidComplete = { _, _, error in
                    if (error as? URLError)?.code == .cancelled { completed.withLock { $0 += 1 } }
                }
            }
            let call = Task { _ = try await manager.get("delay/30000") }
            #expect(await eventually(within: 60) { harness.server.requests.count == 1 })
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(completed.value == 1)
            #expect(manager.taskTable.count == 0)
        }
    }

    @Test("A Swift task cancelled before the call starts still ends with CancellationError, and its task completes")
    func cancelledFirst() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                _ = try await manager.get("delay/30000")
            }
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }
}
