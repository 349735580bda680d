import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import TestSupport
import Testing

@Suite("Async calls across a session reset")
struct AsyncResetTests {
    @Test(
        "200 awaited calls running, a reset with cancellation, 200 new calls at once: every call returns exactly once, the old with -999, the new with their object"
    )
    func awaitedCallsAcrossReset() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let outcomes = Locked<[String: String]>([:])
            try await withThrowingTaskGroup(of: Void.self) { group in
                func call(_ name: String, _ path: String) {
                    group.addTask {
                        let outcome: String
                        do {
                            outcome = try await manager.decoded(HTTPBin.Echo.self, path).object.path
                        } catch let error as URLError {
                            outcome = "URLError \(error.code.rawValue)"
                        }
                        outcomes.withLock { $0[name] = $0[name] == nil ? outcome : "returned twice" }
                    }
                }
                for index in 0..<200 { call("old \(index)", "delay/60000") }
                // Bounds for a hang, not a timing: under the thread sanitizer, beside the other
                // suites on 2 cores, 200 calls have taken more than 30 s to make their tasks. The
                // old calls wait a minute for their answer, so none can end before the reset.
                #expect(await eventually(within: 50) { manager.taskTable.count == 200 })
                // Hold the delegate queue: the old tasks' -999 cannot be delivered before the new
                // session has given the new tasks the same numbers.
                let gate = DelegateQueueGate(manager.operationQueue)
                manager.invalidateSession(cancelingTasks: true, resetSession: true)
                for index in 0..<200 { call("new \(index)", "get") }
                #expect(
                    await eventually(within: 120) { manager.taskTable.count == 400 },
                    "both generations are in the table at once")
                gate.release()
                try await group.waitForAll()
            }
            let values = outcomes.value
            #expect(values.count == 400)
            #expect(values.filter { $0.key.hasPrefix("old") }.values.allSatisfy { $0 == "URLError -999" })
            #expect(values.filter { $0.key.hasPrefix("new") }.values.allSatisfy { $0 == "/get" })
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }
}
