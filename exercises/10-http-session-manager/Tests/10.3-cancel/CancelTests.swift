import Chapter10Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestSerialization
import Testing

@Suite("10.3 Cancel for real")
struct CancelTests {
    /// A manager on a fresh HTTPBin, with its own completion queue (a test has no main run loop).
    func withManager(_ body: (HTTPSessionManager, HTTPBin) async throws -> Void) async throws {
        let server = try await HTTPBin.start()
        let manager = HTTPSessionManager(baseURL: server.baseURL, configuration: .ephemeral, notificationCenter: NotificationCenter())
        manager.completionQueue = DispatchQueue(label: "10.3.completion")
        manager.notificationQueue = DispatchQueue(label: "10.3.notifications")
        defer { manager.invalidateSession(cancelingTasks: true) }
        do {
            try await body(manager, server)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    /// How a call ended, as a value the messages can show.
    enum Ending: Equatable, CustomStringConvertible {
        case answered(Int), cancelled, failed(String)

        init(of call: Task<Int, any Error>) async {
            do {
                self = .answered(try await call.value)
            } catch is CancellationError {
                self = .cancelled
            } catch {
                // The domain and code, not the whole description: a URL error's names its URL.
                let error = error as NSError
                self = .failed("\(error.domain) \(error.code)")
            }
        }

        var description: String {
            switch self {
            case .answered(let status): "status \(status): the transfer ran to the end"
            case .cancelled: "CancellationError"
            case .failed(let error): "the error \(error), not CancellationError"
            }
        }
    }

    /// Keeps a serial queue busy until `open()`: what is sent to it meanwhile cannot run.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        init(holding queue: DispatchQueue) { queue.async { self.semaphore.wait() } }
        func open() { semaphore.signal() }
    }

    /// Cancels the Swift task that asks it for a request, then writes the request as usual: the
    /// cancellation lands after the call has begun and before its `URLSessionTask` exists.
    struct CancellingSerializer: RequestSerializer {
        var http = HTTPRequestSerializer()

        func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest {
            withUnsafeCurrentTask { $0?.cancel() }
            return try http.request(bySerializing: request, parameters: parameters)
        }
    }

    @Test("Cancelled while the server waits: the cancel goes to the queue, not through the handler, then CancellationError")
    func whileRunning() async throws {
        try await withManager { manager, server in
            let queue = DispatchQueue(label: "10.3.cancel")
            let call = Task { try await status(of: "delay/5000", using: manager, cancellingOn: queue) }
            #expect(await eventually { server.requests.count == 1 }, "the request never reached the server")
            let task = try #require(manager.tasks.first, "the manager has no task for the call")
            let gate = Gate(holding: queue)
            // The cancellation handler runs inside `cancel()`, on this thread. `queue` is held, so
            // a `URLSessionTask.cancel()` sent there cannot have run when `cancel()` returns.
            call.cancel()
            let state = task.state
            gate.open()
            let running = state == .running
            #expect(running, """
                the URLSessionTask was no longer running when Task.cancel() returned: \
                URLSessionTask.cancel() ran inside the cancellation handler; send it to the queue
                """)
            let ending = await Ending(of: call)
            let cancelled = ending == .cancelled
            #expect(cancelled, "cancelled while the server waited, the call ended with \(ending)")
            #expect(await eventually { manager.tasks.isEmpty }, "the task never left the manager")
        }
    }

    @Test("Cancelled before the call begins: CancellationError, and nothing reaches the server")
    func beforeTheCall() async throws {
        try await withManager { manager, server in
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await status(of: "delay/5000", using: manager, cancellingOn: DispatchQueue(label: "10.3.cancel"))
            }
            let ending = await Ending(of: call)
            let cancelled = ending == .cancelled
            #expect(cancelled, "cancelled before the call began, the call ended with \(ending)")
            #expect(await eventually { manager.tasks.isEmpty }, "the task never left the manager")
            let sent = server.requests.count
            #expect(sent == 0, "the server received the request of a call cancelled before it began")
        }
    }

    @Test("Cancelled while the call makes its task, before the URLSessionTask exists: CancellationError, nothing sent")
    func whileMakingTheTask() async throws {
        try await withManager { manager, server in
            manager.requestSerializer = CancellingSerializer()
            let call = Task { try await status(of: "delay/5000", using: manager, cancellingOn: DispatchQueue(label: "10.3.cancel")) }
            let ending = await Ending(of: call)
            let cancelled = ending == .cancelled
            #expect(cancelled, """
                cancelled after the call began but before its URLSessionTask existed, the call ended \
                with \(ending)
                """)
            #expect(await eventually { manager.tasks.isEmpty }, "the task never left the manager")
            let sent = server.requests.count
            #expect(sent == 0, "the server received the request of a call cancelled before its task existed")
        }
    }

    @Test("100 calls cancelled at random moments: each ends once, answered 200 or CancellationError, and both happen")
    func random() async throws {
        try await withManager { manager, _ in
            let queue = DispatchQueue(label: "10.3.cancel", attributes: .concurrent)
            var generator = SystemRandomNumberGenerator()
            // The rest race, but in every ten calls one waits 5 s and is certainly cancelled, and
            // one is never cancelled and is certainly answered, however busy the machine.
            let plan = (0..<100).map { index -> (delay: Int, cancelAfter: Int?) in
                let delay = index % 10 == 9 ? 5000 : Int.random(in: 0...40, using: &generator)
                let cancelAfter = Int.random(in: 0...60, using: &generator)
                return (delay, index % 10 == 4 ? nil : cancelAfter)
            }
            let endings = await withTaskGroup(of: Ending.self) { group -> [Ending] in
                for step in plan {
                    let call = Task { try await status(of: "delay/\(step.delay)", using: manager, cancellingOn: queue) }
                    group.addTask {
                        if let cancelAfter = step.cancelAfter {
                            try? await Task.sleep(nanoseconds: UInt64(cancelAfter) * 1_000_000)
                            call.cancel()
                        }
                        return await Ending(of: call)
                    }
                }
                var endings: [Ending] = []
                for await ending in group { endings.append(ending) }
                return endings
            }
            #expect(endings.count == 100)
            let kinds = Set(endings.map(\.description))
            let bothAndNothingElse = kinds == [Ending.answered(200).description, Ending.cancelled.description]
            #expect(bothAndNothingElse, "the calls ended with: \(kinds.sorted().joined(separator: "; "))")
            #expect(await eventually { manager.tasks.isEmpty }, "\(manager.tasks.count) tasks never left the manager")
        }
    }
}
