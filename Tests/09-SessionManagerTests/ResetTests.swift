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
    @Test(
        "A reset with cancellation, then as many new tasks at once: the new session numbers its tasks from 1 again, and every old and new handler still runs exactly once"
    )
    func resetThenNewTasks() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        try await Harness.with(configuration: configuration) { harness in
            let manager = harness.manager
            let calls = Locked<[String: Int]>([:])
            let errors = Locked<[String: Int]>([:])
            func start(_ name: String, _ path: String) throws -> Int {
                let task = try manager.dataTask(
                    with: harness.request(path, timeout: 60),
                    completionHandler: { _, _, error in
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

            #expect(
                await eventually(within: 60) { calls.value.count == 600 }, "\(calls.value.count) of 600 handlers ran")
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(calls.value.values.allSatisfy { $0 == 1 }, "every handler ran exactly once")
            let oldErrors = errors.value.filter { $0.key.contains("old") }.map(\.value)
            let newErrors = errors.value.filter { $0.key.contains("new") }.map(\.value)
            #expect(oldErrors.allSatisfy { $0 == URLError.cancelled.rawValue }, "every old task was cancelled")
            #expect(newErrors.allSatisfy { $0 == 0 }, "every new task succeeded")
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }

    @Test(
        "After a reset, the old session's clean-up leaves the new session's tasks alone: a task still running when the old session reports it is invalid keeps its row"
    )
    func resetKeepsNewTasks() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let invalidated = harness.counter(for: .sessionDidInvalidate)
            let codes = Locked<[String: URLError.Code?]>([:])
            func start(_ name: String, _ path: String) throws -> URLSessionTask {
                let task = try manager.dataTask(
                    with: harness.request(path, timeout: 120),
                    completionHandler: { _, _, error in
                        codes.withLock { $0[name] = (error as? URLError)?.code }
                    })
                manager.resume(task)
                return task
            }
            _ = try start("old", "/delay/60000")
            #expect(await eventually(within: 30) { harness.server.requests.count == 1 })
            // Held until the new task has its row, so that the old session cannot report that it
            // is invalid before then.
            let gate = DelegateQueueGate(manager.operationQueue)
            manager.invalidateSession(cancelingTasks: true, resetSession: true)
            let new = try start("new", "/fault/stall-after-headers")
            gate.release()
            #expect(
                await eventually(within: 30) { invalidated.value == 1 },
                "the old session never reported that it is invalid")
            await withCheckedContinuation { continuation in harness.completionQueue.async { continuation.resume() } }
            #expect(codes.value["old"] == .cancelled)
            #expect(codes.value["new"] == nil, "the old session's clean-up completed the new session's running task")
            #expect(manager.taskTable.delegate(for: new) != nil, "the new session's running task lost its row")
            new.cancel()
            #expect(await eventually(within: 30) { codes.value["new"] == .cancelled })
        }
    }
}
