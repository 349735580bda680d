import Chapter10Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
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

    @Test("Cancelled while the server waits: CancellationError, and the task leaves the manager")
    func whileRunning() async throws {
        try await withManager { manager, server in
            let call = Task { try await status(of: "delay/5000", using: manager) }
            #expect(await eventually { server.requests.count == 1 })
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await eventually { manager.taskDelegates.count == 0 })
        }
    }

    @Test("Cancelled before the call begins: CancellationError, and no answer from the server")
    func beforeStart() async throws {
        try await withManager { manager, _ in
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await status(of: "delay/5000", using: manager)
            }
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await eventually { manager.taskDelegates.count == 0 })
        }
    }

    @Test("100 calls cancelled at random moments: each ends once, answered 200 or CancellationError, and both happen")
    func random() async throws {
        try await withManager { manager, _ in
            var generator = SystemRandomNumberGenerator()
            // The rest race, but in every ten calls one waits 5 s and is certainly cancelled, and
            // one is never cancelled and is certainly answered, however busy the machine.
            let plan = (0..<100).map { index -> (delay: Int, cancelAfter: Int?) in
                let delay = index % 10 == 9 ? 5000 : Int.random(in: 0...40, using: &generator)
                let cancelAfter = Int.random(in: 0...60, using: &generator)
                return (delay, index % 10 == 4 ? nil : cancelAfter)
            }
            let endings = await withTaskGroup(of: String.self) { group -> [String] in
                for step in plan {
                    let call = Task { try await status(of: "delay/\(step.delay)", using: manager) }
                    group.addTask {
                        if let cancelAfter = step.cancelAfter {
                            try? await Task.sleep(nanoseconds: UInt64(cancelAfter) * 1_000_000)
                            call.cancel()
                        }
                        do {
                            return "answered \(try await call.value)"
                        } catch is CancellationError {
                            return "cancelled"
                        } catch {
                            return "failed: \(error)"
                        }
                    }
                }
                var endings: [String] = []
                for await ending in group { endings.append(ending) }
                return endings
            }
            #expect(endings.count == 100)
            #expect(Set(endings) == ["answered 200", "cancelled"], "\(Set(endings))")
            #expect(await eventually { manager.taskDelegates.count == 0 })
        }
    }
}
