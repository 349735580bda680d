import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates
import TestSupport
import Testing

@Suite("Stress: 1000 concurrent tasks")
struct StressTests {
    /// What each task asks for, and what its completion must say.
    enum Kind: CaseIterable {
        case ok, notFound, dropped, stalled, cancelled

        var path: String {
            switch self {
            case .ok: "/get"
            case .notFound: "/status/404"
            case .dropped: "/fault/close-mid-body"
            case .stalled: "/fault/stall-after-headers"
            case .cancelled: "/delay/20000"
            }
        }

        func accepts(_ status: Int?, _ error: (any Error)?) -> Bool {
            let code = (error as? URLError)?.code
            switch self {
            case .ok: return status == 200 && error == nil
            case .notFound: return status == 404 && error != nil
            case .dropped: return error is URLError && code != .cancelled
            case .stalled: return code == .timedOut
            case .cancelled: return code == .cancelled
            }
        }
    }

    struct WeakDelegate: Sendable {
        weak var delegate: TaskDelegate?
    }

    @Test(
        "200s, 404s, dropped connections, stalls and cancels: each handler runs once, the task table empties, every delegate is freed, notifications add up"
    )
    func thousandTasks() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 50
        try await Harness.with(configuration: configuration) { harness in
            let manager = harness.manager
            let resumed = harness.counter(for: .taskDidResume)
            let completed = harness.counter(for: .taskDidComplete)
            let calls = Locked<[Int: Int]>([:])
            let wrong = Locked<[String]>([])
            let delegates = Locked<[WeakDelegate]>([])
            var generator = SeededGenerator(seed: 9)
            let kinds = (0..<1000).map { index in
                // 40 % success, then 15 % each of the others.
                index < 400 ? Kind.ok : [Kind.notFound, .dropped, .stalled, .cancelled][(index - 400) % 4]
            }.shuffled(using: &generator)

            for (index, kind) in kinds.enumerated() {
                var request = harness.request(kind.path, timeout: kind == .stalled ? 1 : 60)
                request.setValue("\(index)", forHTTPHeaderField: "X-Index")
                let task = try manager.dataTask(
                    with: request,
                    completionHandler: { response, _, error in
                        calls.withLock { $0[index, default: 0] += 1 }
                        let status = (response as? HTTPURLResponse)?.statusCode
                        if !kind.accepts(status, error) {
                            wrong.withLock { $0.append("\(index) \(kind): \(status as Any) \(error as Any)") }
                        }
                    })
                delegates.withLock { $0.append(WeakDelegate(delegate: manager.taskTable.delegate(for: task))) }
                manager.resume(task)
                if kind == .cancelled {
                    let delay = Double.random(in: 0...0.5, using: &generator)
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { task.cancel() }
                }
            }

            #expect(await eventually(within: 120) { calls.value.count == 1000 })
            // Let anything that would run twice show up.
            try await Task.sleep(nanoseconds: 300_000_000)
            await harness.drainNotifications()
            #expect(calls.value.count == 1000)
            #expect(calls.value.values.allSatisfy { $0 == 1 }, "every handler ran exactly once")
            #expect(wrong.value.isEmpty, "\(wrong.value.prefix(5))")
            #expect(manager.taskTable.count == 0)
            #expect(delegates.value.count == 1000)
            #expect(
                await eventually { delegates.value.allSatisfy { $0.delegate == nil } }, "every task delegate is freed")
            #expect(resumed.value == 1000)
            #expect(completed.value == 1000)
        }
    }
}
