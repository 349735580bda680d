import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ResponseValidation
import SessionManager
import TaskDelegates
import TestSupport
import Testing

/// What a completion handler received, in a form that can cross threads: the JSON object is
/// written back to bytes (a dictionary from `JSONSerialization` is not `Sendable`).
struct Completion: Sendable {
    let response: HTTPURLResponse?
    let objectJSON: Data?
    let objectURL: URL?
    let objectData: Data?
    let hasObject: Bool
    let error: (any Error)?
    /// The label of the queue the handler ran on.
    let queue: String

    init(_ response: URLResponse?, _ object: Any?, _ error: (any Error)?) {
        self.response = response as? HTTPURLResponse
        hasObject = object != nil
        objectURL = object as? URL
        objectData = object as? Data
        objectJSON = object.flatMap {
            JSONSerialization.isValidJSONObject($0) ? try? JSONSerialization.data(withJSONObject: $0) : nil
        }
        self.error = error
        queue = TestQueue.current
    }

    var status: Int? { response?.statusCode }
    var urlErrorCode: URLError.Code? { (error as? URLError)?.code }

    /// The object as a JSON dictionary, or an empty one.
    var json: [String: String] {
        guard let objectJSON, let object = try? JSONSerialization.jsonObject(with: objectJSON) as? [String: Any] else {
            return [:]
        }
        return object.mapValues { "\($0)" }
    }
}

/// A manager on a fresh HTTPBin, with its own queues and notification center, so that tests can
/// run in parallel and never depend on a main run loop.
final class Harness: Sendable {
    let server: HTTPBin
    let manager: URLSessionManager
    let center = NotificationCenter()
    let completionQueue = TestQueue.named("test.completion")
    let notificationQueue = TestQueue.named("test.notifications")

    private init(server: HTTPBin, configuration: URLSessionConfiguration) {
        self.server = server
        manager = URLSessionManager(configuration: configuration, notificationCenter: center)
        manager.completionQueue = completionQueue
        manager.notificationQueue = notificationQueue
    }

    static func with<T>(
        configuration: URLSessionConfiguration = .ephemeral, _ body: (Harness) async throws -> T
    ) async throws -> T {
        try await HTTPBin.serving { server in
            let harness = Harness(server: server, configuration: configuration)
            defer { harness.manager.invalidateSession(cancelingTasks: true) }
            return try await body(harness)
        }
    }

    /// A request to HTTPBin. The default timeout is a hang guard, not a limit any test reaches: a
    /// sanitized run of every suite at once on two cores can leave a test's own code unscheduled
    /// for seconds, and a request must not time out while the test has not yet had its turn.
    func request(_ path: String, timeout: TimeInterval = 60) -> URLRequest {
        URLRequest(url: server.url(path), timeoutInterval: timeout)
    }

    /// Creates a task with `make`, resumes it through the manager, and waits for its completion
    /// handler (at most `within` seconds: a hang is a failure that says how far the task got).
    func complete(
        within seconds: Double = 30,
        _ make: (URLSessionManager, @escaping TaskDelegate.CompletionHandler) throws -> URLSessionTask
    ) async throws -> Completion {
        let made = Locked<URLSessionTask?>(nil)
        let manager = manager
        return try await waitForCallback(
            within: seconds, for: "a completion handler", progress: { Self.progress(of: made.value, in: manager) }
        ) { finish in
            do {
                let task = try make(manager) { response, object, error in
                    finish(.success(Completion(response, object, error)))
                }
                made.withLock { $0 = task }
                manager.resume(task)
            } catch {
                finish(.failure(error))
            }
        }
    }

    /// How far a task got: its request, its state, and what its delegate has received.
    static func progress(of task: URLSessionTask?, in manager: URLSessionManager) -> String {
        guard let task else { return "no task had been made" }
        let request = "\(task.originalRequest?.httpMethod ?? "GET") \(task.originalRequest?.url?.path ?? "?")"
        let status = (task.response as? HTTPURLResponse).map { "a \($0.statusCode) response" } ?? "no response"
        let received =
            manager.downloadProgress(for: task).map { "\($0.completedUnitCount) bytes received" }
            ?? "its row already gone from the task table"
        return "task \(task.taskIdentifier) (\(request)) was \(task.state), with \(status), \(received)"
    }

    /// A GET through a data task. `timeout` is the request's own (idle) timeout.
    func get(_ path: String, timeout: TimeInterval = 60, within seconds: Double = 30) async throws -> Completion {
        let request = request(path, timeout: timeout)
        return try await complete(within: seconds) { manager, handler in
            try manager.dataTask(with: request, completionHandler: handler)
        }
    }

    /// Waits until every notification posted so far on the notification queue has been delivered.
    func drainNotifications() async {
        await withCheckedContinuation { continuation in
            notificationQueue.async { continuation.resume() }
        }
    }

    /// Counts the notifications of one name posted on this harness's center.
    func counter(for name: Notification.Name) -> Counter {
        Counter(center: center, name: name)
    }
}

/// Counts a notification until it is released.
final class Counter: Sendable {
    private let count = Locked(0)
    // The observer token is only read again in deinit, when no other thread can hold this object.
    nonisolated(unsafe) private let token: any NSObjectProtocol
    private let center: NotificationCenter

    init(center: NotificationCenter, name: Notification.Name) {
        self.center = center
        let count = self.count
        token = center.addObserver(forName: name, object: nil, queue: nil) { _ in count.withLock { $0 += 1 } }
    }

    var value: Int { count.value }

    deinit {
        center.removeObserver(token)
    }
}

let onLinux: Bool = {
    #if canImport(FoundationNetworking)
    true
    #else
    false
    #endif
}()

/// A serializer that hands the body over as it is.
struct DataSerializer: ResponseSerializer {
    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
        SerializedResponse(object: data, error: nil)
    }
}

/// Nobody listens on port 1 of the loopback interface. (A port freed by a stopped HTTPBin is no
/// good: tests run in parallel, and another test's server may be given the same port.)
let refusedURL = URL(string: "http://127.0.0.1:1/get")!

/// Runs `body` on the manager's delegate queue, as URLSession runs its callbacks, and waits for it:
/// a test scripts callbacks in an order URLSession would only sometimes produce. Everything queued
/// there before it has run by then.
func onDelegateQueue(of manager: URLSessionManager, _ body: @escaping @Sendable () -> Void = {}) async {
    await withCheckedContinuation { continuation in
        manager.operationQueue.addOperation {
            body()
            continuation.resume()
        }
    }
}

/// Runs blocking waits on a thread of their own, never on one of Swift's cooperative threads.
func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// A Basic challenge for a scripted callback, as URLSession raises one for a 401.
func basicChallenge() -> URLAuthenticationChallenge {
    let space = URLProtectionSpace(
        host: "127.0.0.1", port: 1, protocol: "http", realm: "test",
        authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
    return URLAuthenticationChallenge(
        protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil,
        sender: NobodySender())
}

/// The sender of a scripted challenge: the manager answers through its completion handler, never here.
private final class NobodySender: NSObject, URLAuthenticationChallengeSender {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}

#if canImport(FoundationNetworking)
/// A task made by no session, which another thread cancels the moment it is resumed: after
/// `resume()` it is `.canceling`. (Darwin deprecates a task's plain initializer, hence Linux only.)
final class CancelledRightAfterResume: URLSessionDataTask, @unchecked Sendable {
    private let current = Locked(URLSessionTask.State.suspended)
    override var state: URLSessionTask.State { current.value }
    override func resume() { current.withLock { $0 = .canceling } }
}
#endif
