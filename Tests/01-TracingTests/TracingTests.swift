import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ResponseValidation
import TestSupport
import Testing
import Tracing

@Suite("The tracing hook")
struct TracingTests {
    @Test("With no tracer, the hook builds neither the place nor the detail")
    func unsetCostsNothing() {
        let hook = TraceSwitch()
        let built = Locked(0)
        let place = { () -> String in
            built.withLock { $0 += 1 }
            return "here"
        }
        hook.record(.resume, on: place(), "\(built.withLock { $0 += 1 })")
        #expect(built.value == 0)
        #expect(hook.tracer == nil)
    }

    @Test("Once a tracer is set the hook reports to it, and after it is cleared, no longer")
    func setAndClear() {
        let hook = TraceSwitch()
        let seen = Locked<[TraceStep]>([])
        hook.tracer = Tracer { event in seen.withLock { $0.append(event.step) } }
        hook.record(.resume, on: "here", "first")
        hook.tracer = nil
        hook.record(.resume, on: "here", "second")
        #expect(seen.value == [.resume])
    }

    @Test("An event's line shows the time, the task, the place, the step, the detail and the chapter")
    func line() {
        let event = TraceEvent(
            step: .didReceiveResponse, taskIdentifier: 3, place: "delegate queue", detail: "200",
            elapsed: .microseconds(1500))
        #expect(event.line.hasPrefix("+    1.500 ms  task 3 delegate queue"))
        #expect(event.line.hasSuffix("didReceive response       200  (chapter 8)"))
    }

    @Test("Every step names the chapter that builds it: base URL resolution is chapter 3's rule")
    func chapters() {
        let chapters = Set(TraceStep.allCases.map(\.chapter))
        #expect(chapters == [0, 2, 3, 5, 6, 8, 9, 11])
        #expect(TraceStep.baseURLResolution.chapter == 3)
        #expect(TraceStep.caller.chapter == 0)
    }

    @Test("One GET reports every step of its journey, in the order the design imposes")
    func oneGET() async throws {
        let (events, outcome) = try await traced { manager in
            try await manager.get("anything/books", parameters: ["q": "swift"])
        }
        #expect(outcome.response.statusCode == 200)
        let steps = events.map(\.step)
        let journey: [TraceStep] = [
            .baseURLResolution, .queryString, .requestSerialization, .taskCreation, .taskTableInsert, .resume,
            .didReceiveResponse, .didReceiveData, .taskTableRemoval, .didComplete, .processingQueue, .validation,
            .parsing,
            .completionQueue, .didCompleteNotification,
        ]
        #expect(steps.filter { $0 != .resumeNotification }.uniqued() == journey)
        #expect(steps.contains(.resumeNotification))
        #expect(steps.firstIndex(of: .resume)! < steps.firstIndex(of: .resumeNotification)!)
        // Every step from the task's creation on names the task; the steps before it cannot.
        let beforeTheTask: Set<TraceStep> = [.baseURLResolution, .queryString, .requestSerialization]
        #expect(events.filter { !beforeTheTask.contains($0.step) }.allSatisfy { $0.taskIdentifier != nil })
        #expect(events.filter { beforeTheTask.contains($0.step) }.allSatisfy { $0.taskIdentifier == nil })
        #expect(events.first { $0.step == .didReceiveResponse }?.place == "URLSessionManager delegate queue")
        #expect(
            events.first { $0.step == .processingQueue }?.place == "com.alamofire.networking.session.manager.processing"
        )
        #expect(events.first { $0.step == .completionQueue }?.place == "tracing.completion")
        #expect(events.first { $0.step == .queryString }?.detail == "in the URL: q=swift")
        // Times only grow along one queue: the delegate queue's steps come in order.
        let delegateQueue = events.filter { $0.place == "URLSessionManager delegate queue" }.map(\.elapsed)
        #expect(delegateQueue == delegateQueue.sorted())
    }

    @Test("A 404 with a JSON body: validation fails, parsing still gives the object, and both reach the handler")
    func notFound() async throws {
        let (events, _) = try await traced { manager in
            try? await manager.get(
                "response", parameters: ["status": 404, "content-type": "application/json", "body": #"{"a":1}"#])
        }
        #expect(events.first { $0.step == .validation }?.detail.contains("-1011") == true)
        #expect(
            events.first { $0.step == .parsing }?.detail
                == "object Dictionary<String, Any>, error com.alamofire.error.serialization.response -1011")
    }

    @Test("A network error goes straight to the completion queue: no processing queue, no validation, no parsing")
    func networkError() async throws {
        let manager = HTTPSessionManager(configuration: .ephemeral)
        manager.completionQueue = DispatchQueue(label: "tracing.completion")
        manager.notificationQueue = DispatchQueue(label: "tracing.notifications")
        let events = Locked<[TraceEvent]>([])
        manager.tracer = Tracer { event in events.withLock { $0.append(event) } }
        // Port 1 is privileged: nothing listens there, so the connection is refused.
        _ = try? await manager.get("http://127.0.0.1:1/")
        let steps = events.value.map(\.step)
        #expect(steps.contains(.didComplete))
        #expect(steps.contains(.completionQueue))
        #expect(!steps.contains(.processingQueue) && !steps.contains(.validation) && !steps.contains(.parsing))
        #expect(steps.filter { $0 == .completionQueue }.count == 1)
    }

    @Test("A download reports the bytes written and the move of its file, before it completes")
    func download() async throws {
        let server = try await HTTPBin.start()
        let manager = HTTPSessionManager(configuration: .ephemeral)
        manager.completionQueue = DispatchQueue(label: "tracing.completion")
        manager.notificationQueue = DispatchQueue(label: "tracing.notifications")
        let events = Locked<[TraceEvent]>([])
        manager.tracer = Tracer { event in events.withLock { $0.append(event) } }
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("traced-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: target) }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let task = try? manager.downloadTask(
                with: URLRequest(url: server.url("/bytes/50000")), destination: { _, _ in target },
                completionHandler: { _, _, _ in done.resume() })
            if let task { manager.resume(task) } else { done.resume() }
        }
        try await server.shutdown()
        let steps = events.value.map(\.step)
        let moved = try #require(steps.firstIndex(of: .didFinishDownloading))
        #expect(steps.contains(.didWriteData))
        #expect(steps.firstIndex(of: .didWriteData)! < moved)
        #expect(moved < steps.firstIndex(of: .didComplete)!)
        #expect(events.value[moved].detail == "moved to \(target.lastPathComponent)")
    }

    @Test("A tracer set and cleared while 200 requests run: every request completes once, and nothing crashes")
    func toggledWhileRunning() async throws {
        let server = try await HTTPBin.start()
        let manager = HTTPSessionManager(baseURL: server.url("/"), configuration: .ephemeral)
        manager.completionQueue = DispatchQueue(label: "tracing.completion")
        manager.notificationQueue = DispatchQueue(label: "tracing.notifications")
        let count = Locked(0)
        let toggler = Task.detached {
            while !Task.isCancelled {
                manager.tracer = Tracer { _ in count.withLock { $0 += 1 } }
                manager.tracer = nil
                await Task.yield()
            }
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await manager.get("get").response.statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        toggler.cancel()
        try await server.shutdown()
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
        #expect(manager.taskTable.count == 0)
    }

    /// Runs `body` with a traced manager against HTTPBin, and returns what the tracer saw, once
    /// the did-complete notification (the last step) has been traced.
    private func traced<Result>(
        _ body: @Sendable (HTTPSessionManager) async throws -> Result
    ) async throws -> ([TraceEvent], Result) {
        let server = try await HTTPBin.start()
        let manager = HTTPSessionManager(baseURL: server.url("/"), configuration: .ephemeral)
        manager.completionQueue = DispatchQueue(label: "tracing.completion")
        manager.notificationQueue = DispatchQueue(label: "tracing.notifications")
        let events = Locked<[TraceEvent]>([])
        let posted = AsyncStream<Void>.makeStream()
        manager.tracer = Tracer { event in
            events.withLock { $0.append(event) }
            if event.step == .didCompleteNotification { posted.continuation.yield() }
        }
        let result = try await body(manager)
        for await _ in posted.stream { break }
        try await server.shutdown()
        return (events.value, result)
    }
}

extension Array where Element: Equatable {
    /// The elements with runs of equal neighbours made one (data may arrive in several chunks).
    func uniqued() -> [Element] {
        reduce(into: []) { result, element in if result.last != element { result.append(element) } }
    }
}
