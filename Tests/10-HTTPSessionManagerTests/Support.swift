import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import TestSupport
import Testing

/// What a verb's success or failure closure received, in a form that can cross threads (the JSON
/// object is written back to bytes: a dictionary from `JSONSerialization` is not `Sendable`).
struct Outcome: Sendable {
    let succeeded: Bool
    let task: URLSessionDataTask?
    let hasObject: Bool
    let objectJSON: Data?
    let error: (any Error)?
    /// The label of the queue the closure ran on.
    let queue: String

    init(succeeded: Bool, task: URLSessionDataTask?, object: Any?, error: (any Error)?) {
        self.succeeded = succeeded
        self.task = task
        hasObject = object != nil
        objectJSON = object.flatMap {
            JSONSerialization.isValidJSONObject($0) ? try? JSONSerialization.data(withJSONObject: $0) : nil
        }
        self.error = error
        queue = TestQueue.current
    }

    /// The object as HTTPBin's echo.
    func echo() throws -> HTTPBin.Echo {
        try JSONDecoder().decode(HTTPBin.Echo.self, from: try #require(objectJSON))
    }

    var status: Int? { (task?.response as? HTTPURLResponse)?.statusCode }
}

/// An HTTP session manager on a fresh HTTPBin, with its own queues and notification center, so
/// that tests run in parallel and never need a main run loop.
final class Harness: Sendable {
    let server: HTTPBin
    let manager: HTTPSessionManager
    let completionQueue = TestQueue.named("test.completion")
    let notificationQueue = DispatchQueue(label: "test.notifications")

    private init(server: HTTPBin, baseURL: URL?) {
        self.server = server
        manager = HTTPSessionManager(
            baseURL: baseURL, configuration: .ephemeral, notificationCenter: NotificationCenter())
        manager.completionQueue = completionQueue
        manager.notificationQueue = notificationQueue
    }

    /// Runs `body` with a manager whose base URL is `basePath` on a new server (the server's
    /// root when nil), then invalidates the session and stops the server.
    static func with<T>(basePath: String? = nil, noBaseURL: Bool = false, _ body: (Harness) async throws -> T)
        async throws -> T
    {
        try await HTTPBin.serving { server in
            let baseURL = noBaseURL ? nil : basePath.map { server.url($0) } ?? server.baseURL
            let harness = Harness(server: server, baseURL: baseURL)
            defer { harness.manager.invalidateSession(cancelingTasks: true) }
            return try await body(harness)
        }
    }

    /// Calls a verb with success and failure closures that report here, and waits for one of
    /// them (at most `seconds`: a hang is a failure that says how far the task got). Returns the
    /// task the verb returned and what the closure received.
    func call(
        within seconds: Double = 30,
        _ verb: (HTTPSessionManager, @escaping HTTPSessionManager.Success, @escaping HTTPSessionManager.Failure) ->
            URLSessionDataTask?
    ) async throws -> (returned: URLSessionDataTask?, outcome: Outcome) {
        let calls = Locked(0)
        let returned = Locked<URLSessionDataTask?>(nil)
        let manager = manager
        let outcome = try await waitForCallback(
            within: seconds, for: "the verb's success or failure closure",
            progress: {
                returned.value.map {
                    "its task was \($0.state), \(manager.downloadProgress(for: $0).map { "\($0.completedUnitCount) bytes received" } ?? "out of the task table")"
                }
                    ?? "the verb had returned no task"
            }
        ) { finish in
            let task = verb(
                manager,
                { task, object in
                    calls.withLock { $0 += 1 }
                    finish(.success(Outcome(succeeded: true, task: task, object: object, error: nil)))
                },
                { task, error in
                    calls.withLock { $0 += 1 }
                    finish(.success(Outcome(succeeded: false, task: task, object: nil, error: error)))
                })
            returned.withLock { $0 = task }
        }
        // A second call of either closure would arrive on the same serial queue: wait for it to drain.
        await withCheckedContinuation { continuation in completionQueue.async { continuation.resume() } }
        #expect(calls.value == 1)
        return (returned.value, outcome)
    }
}

/// Records every value a progress closure sees, from the delegate queue.
final class ProgressLog: Sendable {
    private let fractions = Locked<[Double]>([])

    var handler: @Sendable (Progress) -> Void {
        { [fractions] progress in fractions.withLock { $0.append(progress.fractionCompleted) } }
    }

    var values: [Double] { fractions.value }
}

/// `n` bytes of text, for bodies of a known size.
func payload(_ n: Int) -> String {
    String(repeating: "AFNetworking", count: n / 12 + 1).prefix(n).description
}

/// Every value of `stream` until it is finished, or nil when it is still open after `seconds`: a
/// stream nobody finishes would otherwise hang the test instead of failing it.
func collect<Element: Sendable>(_ stream: AsyncStream<Element>, within seconds: Double = 60) async -> [Element]? {
    await withTaskGroup(of: [Element]?.self) { group in
        group.addTask {
            var values: [Element] = []
            for await value in stream { values.append(value) }
            return Task.isCancelled ? nil : values
        }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
