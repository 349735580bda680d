import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import RequestBodies
import RequestSerialization
import SessionManager
import TestSupport
import Testing

/// Each trap of URLSession on Linux that the manager works around, checked through the manager.
/// (The bare behaviour is measured in HTTPBinTests' LinuxBehaviourTests.) On Darwin the same tests
/// check that the manager behaves as URLSession does there.
@Suite("Linux workarounds, through the manager")
struct LinuxWorkaroundTests {
    @Test("A body stream with Content-Length arrives as one valid chunked request")
    func streamWithContentLength() async throws {
        try await Harness.with { harness in
            var request = harness.request("/post")
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: Data(count: 100))
            request.setValue("100", forHTTPHeaderField: "Content-Length")
            let completion = try await harness.complete { manager, handler in
                try manager.dataTask(with: request, completionHandler: handler)
            }
            #expect(completion.status == 200)
            #expect(harness.server.protocolErrors.isEmpty)
            #expect(harness.server.requests.last?.bodySize == 100)
        }
    }

    @Test(
        "On Linux the manager's session has no URL cache, while the caller's configuration keeps its own",
        .enabled(if: onLinux, "the URL cache's crash window is FoundationNetworking's"))
    func noURLCache() {
        let configuration = URLSessionConfiguration.ephemeral
        let cache = configuration.urlCache
        let manager = URLSessionManager(configuration: configuration, notificationCenter: NotificationCenter())
        defer { manager.invalidateSession(cancelingTasks: true) }
        #expect(cache != nil)
        #expect(
            manager.session.configuration.urlCache == nil,
            "the session has a URL cache: a cancel right after resume can stop the process")
        #expect(manager.sessionConfiguration === configuration)
        #expect(configuration.urlCache === cache, "the manager changed the caller's own configuration")
    }

    @Test(
        "With no body-stream hook, URLSession's request for a new body stream is answered with the request's own stream"
    )
    func bodyStreamWithoutHook() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let stream = InputStream(data: Data(count: 10))
            var request = harness.request("/post")
            request.httpMethod = "POST"
            request.httpBodyStream = stream
            let task = try manager.uploadTask(withStreamedRequest: request)
            let expected = ObjectIdentifier(stream)
            let answered = Locked<[String]>([])
            manager.urlSession(
                session, task: task,
                needNewBodyStream: { answer in
                    let said =
                        answer.map { ObjectIdentifier($0) == expected ? "the request's own stream" : "another stream" }
                        ?? "nil"
                    answered.withLock { $0.append(said) }
                })
            #expect(
                answered.value == ["the request's own stream"],
                "answered with \(answered.value): with nil, a streamed upload sends no body")
            task.cancel()
        }
    }

    @Test("A multipart form framed with Content-Length, as AFNetworking frames it, is received whole")
    func multipartWithContentLength() async throws {
        try await Harness.with { harness in
            var form = MultipartFormData()
            form.appendPart(withFormData: Data("hello".utf8), name: "greeting")
            let request = try HTTPRequestSerializer().multipartFormRequest(
                urlString: harness.server.url("/post").absoluteString, form: form, framing: .contentLength)
            let completion = try await harness.complete { manager, handler in
                try manager.uploadTask(withStreamedRequest: request, completionHandler: handler)
            }
            #expect(completion.status == 200)
            #expect(completion.json["form"]?.contains("hello") == true)
            #expect(harness.server.protocolErrors.isEmpty)
        }
    }

    @Test(
        "A streamed upload asks for 100 Continue and sends its body once HTTPBin grants it; it never sends an Expect a server may refuse"
    )
    func expectContinue() async throws {
        try await Harness.with { harness in
            let recorded = try await streamedUpload(of: 3000, to: "/post", through: harness)
            #expect(recorded.bodySize == 3000)
            if onLinux {
                #expect(recorded.header("Expect") == "100-continue", "libcurl's own expectation, left as it is")
                #expect(recorded.answeredContinue)
            }
        }
    }

    @Test("A server that never answers 100 Continue still gets the whole body: libcurl stops waiting and sends it")
    func unansweredExpectation() async throws {
        try await Harness.with { harness in
            let recorded = try await streamedUpload(of: 3000, to: "/fault/no-continue", through: harness)
            #expect(recorded.bodySize == 3000)
            #expect(!recorded.answeredContinue)
        }
    }

    /// Streams `count` bytes to `path` with `uploadTask(withStreamedRequest:)`, expects a 200, and
    /// returns what HTTPBin recorded of the request.
    private func streamedUpload(of count: Int, to path: String, through harness: Harness) async throws
        -> RecordedRequest
    {
        var request = harness.request(path)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(count: count))
        let completion = try await harness.complete { manager, handler in
            try manager.uploadTask(withStreamedRequest: request, completionHandler: handler)
        }
        #expect(completion.status == 200)
        return try #require(harness.server.requests.last)
    }

    @Test(
        "A POST redirected with 307 or 308 stops at the redirect on Linux, instead of arriving at the target without its body",
        arguments: [307, 308])
    func bodyRedirect(status: Int) async throws {
        try await Harness.with { harness in
            var request = harness.request("/redirect-to?url=%2Fanything%2Ftarget&status=\(status)")
            request.httpMethod = "POST"
            request.httpBody = Data("k=v".utf8)
            let completion = try await harness.complete { manager, handler in
                try manager.dataTask(with: request, completionHandler: handler)
            }
            if onLinux {
                #expect(completion.status == status, "the task completes with the redirect itself")
                #expect(completion.response?.value(forHTTPHeaderField: "Location") == "/anything/target")
                #expect(!harness.server.requests.contains { $0.path == "/anything/target" }, "no empty POST was sent")
            } else {
                #expect(completion.status == 200)
                #expect(harness.server.requests.last?.bodySize == 3)
            }
        }
    }

    @Test("A GET redirected with 307 is followed as usual: nothing to lose")
    func bodilessRedirect() async throws {
        try await Harness.with { harness in
            let completion = try await harness.get("/redirect-to?url=%2Fget&status=307")
            #expect(completion.status == 200)
            #expect(harness.server.requests.last?.path == "/get")
        }
    }

    @Test(
        "A timeout given to URLRequest's initializer is honoured (FoundationNetworking only honours one assigned later)"
    )
    func initializerTimeout() async throws {
        try await Harness.with { harness in
            let request = URLRequest(url: harness.server.url("/fault/stall-after-headers"), timeoutInterval: 1)
            let completion = try await harness.complete(within: 20) { manager, handler in
                try manager.dataTask(with: request, completionHandler: handler)
            }
            #expect(completion.urlErrorCode == .timedOut)
        }
    }

    @Test("timeoutIntervalForResource is enforced: a slow transfer past it fails with a timeout")
    func resourceTimeout() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 1
        try await Harness.with(configuration: configuration) { harness in
            // A byte every 100 ms never trips the idle (request) timeout; only the resource limit.
            let completion = try await harness.get("/drip?bytes=40&duration=4000")
            #expect(completion.urlErrorCode == .timedOut)
            #expect(harness.manager.taskTable.count == 0)
        }
    }

    @Test("A transfer suspended and resumed starts again from byte 0 on Linux; the body handed over is still whole")
    func suspendRestarts() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            manager.responseSerializer = DataSerializer()
            let responses = Locked(0)
            let chunks = Locked(0)
            manager.updateHooks {
                $0.dataTaskDidReceiveResponse = { _, _, _ in
                    responses.withLock { $0 += 1 }
                    return .allow
                }
            }
            // The first chunk suspends the task from the delegate queue itself, so the suspension
            // lands mid-transfer however late the test's own code gets to run: a loaded machine
            // once delivered the whole 12 s drip before a waiting test woke up. The task cannot
            // have completed yet, since its completion comes through this same serial queue.
            let suspendedWhile = Locked<URLSessionTask.State?>(nil)
            manager.updateHooks {
                $0.dataTaskDidReceiveData = { [weak manager] _, dataTask, _ in
                    let first = chunks.withLock { count -> Bool in
                        count += 1
                        return count == 1
                    }
                    guard first, let manager else { return }
                    let state = dataTask.state
                    manager.suspend(dataTask)
                    suspendedWhile.withLock { $0 = state }
                }
            }
            let done = Locked<Completion?>(nil)
            let task = try manager.dataTask(
                with: harness.request("/drip?bytes=1000&duration=3000"),
                completionHandler: { response, object, error in
                    done.withLock { $0 = Completion(response, object, error) }
                })
            manager.resume(task)
            #expect(await eventually { suspendedWhile.value != nil })
            try #require(
                suspendedWhile.value == .running, "suspended while \(String(describing: suspendedWhile.value))")
            #expect(done.value == nil)
            // A moment apart, out of caution: with a URL cache, a resume that lands before the
            // suspension's queued work has run stops FoundationNetworking (chapter 8, step 3).
            try await Task.sleep(nanoseconds: 100_000_000)
            manager.resume(task)
            #expect(await eventually(within: 20) { done.value != nil })
            let completion = try #require(done.value)
            #expect(completion.error == nil)
            #expect(completion.objectData == Data(repeating: UInt8(ascii: "*"), count: 1000))
            if onLinux {
                #expect(responses.value == 2, "the response arrives again")
                #expect(harness.server.requests.count == 2, "the request is sent again")
            }
        }
    }

    @Test(
        "Cancelling right after resume, from another thread, on a request that fails at once: 5 × 2000 times, no crash (child process)"
    )
    func cancelRightAfterResume() async {
        // The child ends with `childFinished` when the race went well, a failure status on purpose:
        // an exit test hands back the child's stderr only when its status matches, and that stderr
        // (a trap's message, its file and line) is all that can say why a child died.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await CancelRace.run(throughManager: true)
            exit(childFinished)
        }
        if let result, result.exitStatus != .exitCode(childFinished) {
            let stderr = String(decoding: result.standardErrorContent.prefix(2000), as: UTF8.self)
            let said =
                stderr.contains("Fatal error")
                ? "it wrote to stderr:\n\(stderr)" : "it wrote no Swift error message (a crash in C code)"
            Issue.record("the child process ended with \(result.exitStatus); \(said)")
        }
    }

    /// The cause, shown on a bare session: with its URL cache (the default), the same race stops
    /// the process; without it, it never does.
    @Test(
        "The same race on a bare session with a URL cache stops the process (the cause)",
        .enabled(if: onLinux, "FoundationNetworking's crash"))
    func cancelRaceCause() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            try await CancelRace.run(throughManager: false)
        }
    }
}

/// What a child process of these tests exits with when it did all it had to.
private let childFinished: Int32 = 73

/// Tasks that fail as soon as they start, each resumed and then cancelled from another thread
/// while its failure is being reported.
///
/// The port is out of range: libcurl refuses the URL before it opens a socket, so each task fails
/// at once, as a refused connection does, and opens the same window. Ten thousand refused
/// connections would also open and close ten thousand sockets, and that alone stops the process
/// about once in two hundred runs on Linux (6.3.1): libdispatch's "source finalized twice" crash,
/// when a socket's dispatch source is still being cancelled as a new socket gets the same file
/// descriptor (swift-corelibs-libdispatch issue #833), not the crash this race is about.
enum CancelRace {
    static let failsAtOnce = URL(string: "http://127.0.0.1:99999/get")!

    static func run(throughManager: Bool) async throws {
        let refused = failsAtOnce
        let group = DispatchGroup()
        let configuration = URLSessionConfiguration.ephemeral  // with a URL cache, as .default
        let manager = URLSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "cancel-race")
        let bare = URLSession(configuration: configuration)
        let rounds = throughManager ? 5 : 20
        for _ in 0..<rounds {
            for _ in 0..<2000 {
                group.enter()
                let task: URLSessionTask
                if throughManager {
                    task = try manager.dataTask(
                        with: URLRequest(url: refused), completionHandler: { _, _, _ in group.leave() })
                    manager.resume(task)
                } else {
                    task = bare.dataTask(with: URLRequest(url: refused)) { _, _, _ in group.leave() }
                    task.resume()
                }
                DispatchQueue.global().async { task.cancel() }
            }
            guard group.wait(timeout: .now() + 60) == .success else { exit(70) }
        }
        // Each delegate left the task table before its handler ran.
        guard manager.taskTable.count == 0 else { exit(71) }
    }
}
