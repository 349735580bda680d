import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates
import TestSupport
import Testing

@Suite("Resetting the session while tasks run")
struct ResetTests {
    @Test("A reset with cancellation, then as many new tasks at once: the new session numbers its tasks from 1 again, and every old and new handler still runs exactly once")
    func resetThenNewTasks() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        try await Harness.with(configuration: configuration) { harness in
            let manager = harness.manager
            let calls = Locked<[String: Int]>([:])
            let errors = Locked<[String: Int]>([:])
            func start(_ name: String, _ path: String) throws -> Int {
                let task = try manager.dataTask(with: harness.request(path, timeout: 60), completionHandler: { _, _, error in
                    calls.withLock { $0[name, default: 0] += 1 }
                    errors.withLock { $0[name] = (error as? URLError)?.code.rawValue ?? 0 }
                })
                manager.resume(task)
                return task.taskIdentifier
            }

            let old = try (0..<300).map { try start("old \($0)", "/delay/30000") }
            // Hold the delegate queue, so that the old tasks' -999 callbacks cannot run before the
            // new session has handed out the same numbers again.
            let gate = DelegateQueueGate(manager.operationQueue)
            manager.invalidateSession(cancelingTasks: true, resetSession: true)
            let new = try (0..<300).map { try start("new \($0)", "/get") }
            #expect(Set(old) == Set(new), "the new session numbers its tasks as the old one did")
            gate.release()

            #expect(await eventually(within: 60) { calls.value.count == 600 }, "\(calls.value.count) of 600 handlers ran")
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(calls.value.values.allSatisfy { $0 == 1 }, "every handler ran exactly once")
            let oldErrors = errors.value.filter { $0.key.contains("old") }.map(\.value)
            let newErrors = errors.value.filter { $0.key.contains("new") }.map(\.value)
            #expect(oldErrors.allSatisfy { $0 == URLError.cancelled.rawValue }, "every old task was cancelled")
            #expect(newErrors.allSatisfy { $0 == 0 }, "every new task succeeded")
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }
}
