import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ResponseValidation
import TestSupport
import Testing

@Suite("Cancellation under load")
struct StressTests {
    /// How one call ended.
    enum Ending: Hashable, Sendable {
        case answered, cancelled
        case failed(String)
    }

    @Test(
        "300 concurrent calls cancelled at random moments, 8 rounds: every call ends once, nothing hangs, nothing is left behind"
    )
    func randomCancellation() async throws {
        // A hang is the failure this test exists to catch, and a hung await cannot be timed out
        // from inside: so a watchdog stops the whole process, with a message, after 5 minutes.
        let finished = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) {
            if !finished.value { fatalError("the cancellation stress test hung") }
        }
        defer { finished.withLock { $0 = true } }

        var random = SeededGenerator(seed: 10)
        try await Harness.with { harness in
            let manager = harness.manager
            let completions = Locked<[Int: Int]>([:])
            manager.updateHooks {
                $0.taskDidComplete = { _, task, _ in completions.withLock { $0[task.taskIdentifier, default: 0] += 1 } }
            }
            for round in 1...8 {
                completions.withLock { $0 = [:] }
                // The rest race, but in every ten calls one waits 30 s for its answer and is
                // certainly cancelled, and one is never cancelled and is certainly answered,
                // however a busy machine schedules the others. (30 s, not 5: with the whole suite
                // running on two cores, a cancel has been seen to arrive more than 5 s late.)
                let plan = (0..<300).map { index -> (delay: Int, cancelAfter: Int?) in
                    let delay = index % 10 == 9 ? 30_000 : Int.random(in: 0...40, using: &random)
                    let cancelAfter = Int.random(in: 0...60, using: &random)
                    return (delay, index % 10 == 4 ? nil : cancelAfter)
                }
                let endings = await withTaskGroup(of: Ending.self) { group -> [Ending] in
                    for (index, step) in plan.enumerated() {
                        let call = Task { () throws -> Int in
                            if index.isMultiple(of: 2) || step.delay > 40 {
                                return try await manager.decoded(HTTPBin.Echo.self, "delay/\(step.delay)").object
                                    .bodySize
                            }
                            return try await manager.response(
                                "POST", "post", parameters: ["n": "\(index)"], serializer: HTTPResponseSerializer()
                            )
                            .object?.count ?? 0
                        }
                        group.addTask {
                            if let cancelAfter = step.cancelAfter {
                                try? await Task.sleep(nanoseconds: UInt64(cancelAfter) * 1_000_000)
                                call.cancel()
                            }
                            do {
                                _ = try await call.value
                                return .answered
                            } catch is CancellationError {
                                return .cancelled
                            } catch {
                                return .failed("\(error)")
                            }
                        }
                    }
                    var endings: [Ending] = []
                    for await ending in group { endings.append(ending) }
                    return endings
                }
                let failures = endings.filter { if case .failed = $0 { true } else { false } }
                #expect(endings.count == 300, "round \(round)")
                #expect(failures.isEmpty, "round \(round): \(failures.prefix(3))")
                // Both endings occur in every round, or the test is not testing the race.
                #expect(endings.contains(.answered) && endings.contains(.cancelled), "round \(round)")
                #expect(
                    await eventually { completions.value.count == 300 },
                    "round \(round): \(completions.value.count) tasks completed")
                #expect(completions.value.values.allSatisfy { $0 == 1 }, "round \(round): a task completed twice")
                #expect(manager.taskTable.count == 0, "round \(round)")
            }
        }
    }
}
