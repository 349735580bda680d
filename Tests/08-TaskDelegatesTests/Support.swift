import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import TestSupport

/// Queues a test can recognise from inside a closure: each carries its name as a specific value.
struct TestQueues: Sendable {
    static let key = DispatchSpecificKey<String>()
    let processing = TestQueues.named("processing", attributes: .concurrent)
    let completion = TestQueues.named("completion")
    let notification = TestQueues.named("notification")
    let group = DispatchGroup()

    static func named(_ name: String, attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
        let queue = DispatchQueue(label: "test.\(name)", attributes: attributes)
        queue.setSpecific(key: key, value: name)
        return queue
    }

    /// The name of the queue the caller runs on, or "other".
    static var current: String {
        DispatchQueue.getSpecific(key: key) ?? "other"
    }

    func context(_ serializer: any ResponseSerializer) -> CompletionContext {
        CompletionContext(
            responseSerializer: serializer, processingQueue: processing, completionQueue: completion,
            completionGroup: group, notificationQueue: notification)
    }

    /// Waits until everything already sent to the three queues has run.
    func drain() {
        processing.sync(flags: .barrier) {}
        completion.sync {}
        notification.sync {}
    }
}

/// A serializer that notes on which queue it ran, then hands the work to another one.
struct RecordingSerializer: ResponseSerializer {
    let wrapped: any ResponseSerializer
    let log: Locked<[String]>

    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        log.withLock { $0.append("serializer@\(TestQueues.current)") }
        return wrapped.anyResponseObject(for: response, data: data)
    }
}

/// A serializer that refuses everything, with an error the tests can recognise.
struct RefusingSerializer: ResponseSerializer {
    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
        SerializedResponse(
            object: nil, error: ResponseSerializationError(.unacceptableStatusCode(418), response: response, data: data)
        )
    }
}

/// The completion handler's arguments, reduced to values a test can share between threads.
struct HandlerCall: Sendable {
    var response: URLResponse?
    var object: ObjectSummary
    var error: (any Error)?

    var statusCode: Int? { (response as? HTTPURLResponse)?.statusCode }
    var urlError: URLError? { error as? URLError }
    var serializationError: ResponseSerializationError? { error as? ResponseSerializationError }
}

/// What the completion handler got as its object.
enum ObjectSummary: Sendable, Equatable {
    case none
    case url(URL)
    case data(Data)
    /// A JSON object, written back as JSON with sorted keys.
    case json(String)
    case other(String)

    init(_ object: Any?) {
        switch object {
        case nil: self = .none
        case let url as URL: self = .url(url)
        case let data as Data: self = .data(data)
        case let object? where JSONSerialization.isValidJSONObject(object):
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            self = .json(data.map { String(decoding: $0, as: UTF8.self) } ?? "?")
        case let object?: self = .other("\(object)")
        }
    }
}

/// A posted notification, reduced the same way.
struct Posted: Sendable {
    var name: Notification.Name
    var objectIsTask: Bool
    var keys: Set<String>
    var data: Data?
    var assetPath: URL?
    var serializedResponse: ObjectSummary
    var error: (any Error)?
}

/// Everything one task delegate does, recorded in order: the handler's calls, the progress reports,
/// the notifications (on a private center, so that tests running in parallel never see each other's).
final class Recorder: Sendable {
    let log = Locked<[String]>([])
    let calls = Locked<[HandlerCall]>([])
    let uploads = Locked<[Report]>([])
    let downloads = Locked<[Report]>([])
    let posted = Locked<[Posted]>([])
    let center = NotificationCenter()
    /// Fired when `taskDidComplete` is posted, the last thing a task delegate does.
    let completed = Signal()

    struct Report: Sendable, Equatable {
        var total: Int64
        var completed: Int64
        var fraction: Double
        var onDelegateQueue: Bool
    }

    /// Called after each download progress report, on the same queue.
    let onDownloadProgress: (@Sendable (Progress) -> Void)?

    init(onDownloadProgress: (@Sendable (Progress) -> Void)? = nil) {
        self.onDownloadProgress = onDownloadProgress
    }

    /// A delegate for `task` whose every closure reports here.
    func delegate(
        for task: URLSessionTask, delegateQueue: OperationQueue? = nil,
        destination: TaskDelegate.Destination? = nil
    ) -> TaskDelegate {
        for name in [
            Notification.Name.taskDidComplete, .downloadTaskDidMoveFileSuccessfully, .downloadTaskDidFailToMoveFile,
        ] {
            _ = center.addObserver(forName: name, object: nil, queue: nil) { [self] note in
                record(note, task: task)
            }
        }
        return TaskDelegate(
            task: task,
            uploadProgress: { [self] progress in uploads.withLock { $0.append(report(progress, delegateQueue)) } },
            downloadProgress: { [self] progress in
                downloads.withLock { $0.append(report(progress, delegateQueue)) }
                onDownloadProgress?(progress)
            },
            destination: destination,
            notificationCenter: center,
            completionHandler: { [self] response, object, error in
                log.withLock { $0.append("handler@\(TestQueues.current)") }
                calls.withLock {
                    $0.append(HandlerCall(response: response, object: ObjectSummary(object), error: error))
                }
            })
    }

    private func report(_ progress: Progress, _ queue: OperationQueue?) -> Report {
        Report(
            total: progress.totalUnitCount, completed: progress.completedUnitCount,
            fraction: progress.fractionCompleted,
            onDelegateQueue: queue.map { OperationQueue.current === $0 } ?? false)
    }

    private func record(_ note: Notification, task: URLSessionTask) {
        let info = note.userInfo ?? [:]
        let posted = Posted(
            name: note.name, objectIsTask: (note.object as AnyObject?) === task,
            keys: Set(info.keys.compactMap { $0 as? String }),
            data: info[TaskDidCompleteKey.responseData] as? Data,
            assetPath: info[TaskDidCompleteKey.assetPath] as? URL,
            serializedResponse: ObjectSummary(info[TaskDidCompleteKey.serializedResponse]),
            error: info[TaskDidCompleteKey.error] as? any Error)
        log.withLock { $0.append("\(note.name.rawValue.split(separator: ".").last ?? "")@\(TestQueues.current)") }
        self.posted.withLock { $0.append(posted) }
        if note.name == .taskDidComplete { completed.fire() }
    }

    /// Returns once `taskDidComplete` has been posted (the last thing a task delegate does), or
    /// throws after `seconds`, saying how far the task got.
    func waitForCompletion(within seconds: Double = 30) async throws {
        try await completed.wait(within: seconds, for: "the task's did-complete notification") { [self] in
            "the completion handler had run \(calls.value.count) time(s), and the recorder had seen \(log.value)"
        }
    }

    var call: HandlerCall? { calls.value.first }
    var completionNotification: Posted? { posted.value.first { $0.name == .taskDidComplete } }
}

/// A task that is never resumed: scripted tests feed its delegate the events themselves.
func scriptedTask(_ request: URLRequest = URLRequest(url: URL(string: "http://127.0.0.1:9/script")!))
    -> URLSessionDataTask
{
    scriptSession.dataTask(with: request)
}

func scriptedDownloadTask() -> URLSessionDownloadTask {
    scriptSession.downloadTask(with: URL(string: "http://127.0.0.1:9/script")!)
}

private let scriptSession = URLSession(configuration: .ephemeral)

func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPURLResponse {
    HTTPURLResponse(
        url: URL(string: "http://127.0.0.1:9/script")!, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: headers)!
}

/// Runs `body` on the operation queue, as URLSession runs its delegate callbacks, and waits for it.
func on(_ queue: OperationQueue, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        queue.addOperation {
            body()
            done.resume()
        }
    }
}

func serialQueue() -> OperationQueue {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
}

/// A fresh file in the temporary directory, as URLSession leaves a finished download.
func temporaryFile(_ contents: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).tmp")
    try Data(contents.utf8).write(to: url)
    return url
}

/// Something that happens once, awaited with a time limit: a wait that never ends would hang the
/// whole run instead of failing one test, and a wait that ends says what it waited for.
final class Signal: Sendable {
    private let state = Locked<(fired: Bool, waiters: [@Sendable () -> Void])>((false, []))

    var fired: Bool { state.withLock { $0.fired } }

    /// Marks it happened, and wakes every waiter. Later calls change nothing.
    func fire() {
        let waiters = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0() }
    }

    /// Returns once it has happened; throws `TimedOut` after `seconds`.
    func wait(
        within seconds: Double = 30, for waitedFor: String,
        progress: @escaping @Sendable () -> String = { "nothing more is known" }
    ) async throws {
        try await waitForCallback(within: seconds, for: waitedFor, progress: progress) {
            (finish: @escaping @Sendable (Result<Void, any Error>) -> Void) in
            let now = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiters.append { finish(.success(())) }
                return false
            }
            if now { finish(.success(())) }
        }
    }
}

/// Fires a `Signal` when `center` posts `name` for `object`, and counts the posts.
final class Observed: Sendable {
    let signal = Signal()
    let count = Locked(0)
    // The observer token is only read again in deinit, when no other thread can hold this object.
    nonisolated(unsafe) private let token: any NSObjectProtocol
    private let center: NotificationCenter

    init(_ name: Notification.Name, object: AnyObject?, on center: NotificationCenter) {
        self.center = center
        let (signal, count) = (signal, count)
        token = center.addObserver(forName: name, object: object, queue: nil) { _ in
            count.withLock { $0 += 1 }
            signal.fire()
        }
    }

    func wait(within seconds: Double = 30) async throws {
        try await signal.wait(within: seconds, for: "the did-complete notification")
    }

    deinit {
        center.removeObserver(token)
    }
}
