import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import Locking

/// How a program sets the manager up, and where it sends its requests from. Both are real; they
/// cost the manager differently, because its hops land on threads that are awake in one and
/// asleep in the other.
enum Setting: CaseIterable {
    /// An app, as AFNetworking's defaults assume: handlers run and notifications are posted on the
    /// main queue, and the app sends its requests from there (here each from the handler of the
    /// one before). This program never runs its main queue (it waits on semaphores), so a serial
    /// queue stands in for it.
    case app
    /// A command-line tool or a server: a completion queue and a notification queue of its own,
    /// and requests sent from a thread the manager does not use (the benchmark's own), each as
    /// soon as a slot is free.
    case tool
    /// The same tool with one queue of its own for handlers and notifications, as an app has the
    /// main queue for both: a completion's notification then lands on the queue its handler has
    /// just run on, which is awake, instead of waking a second one.
    case toolOneQueue

    var name: String {
        switch self {
        case .app: "app"
        case .tool: "tool"
        case .toolOneQueue: "tool-one-queue"
        }
    }

    var title: String {
        switch self {
        case .app: "as an app: handlers and notifications on the main queue's stand-in, requests sent from there"
        case .tool:
            "as a tool or a server: its own completion and notification queues, requests sent from another thread"
        case .toolOneQueue: "as a tool or a server, with one queue of its own for handlers and notifications"
        }
    }
}

/// One GET; `done` runs on the side's completion queue.
typealias Get = @Sendable (@escaping @Sendable () -> Void) -> Void

/// One client in one setting, ready to measure.
struct Side {
    let setting: Setting
    /// The queue handlers run on (the main queue's stand-in in the app setting).
    let completionQueue: DispatchQueue
    let get: Get
    /// The manager, on the manager's side.
    let manager: URLSessionManager?
    let stop: () -> Void

    /// `count` GETs with at most `concurrency` in flight: requests per second, and this process's
    /// processor time and context switches per request, sent the way the setting sends them.
    /// With `latencies`, each request's time from its sending to its handler, in microseconds, is
    /// added there (for a profiler's run: the median of many latencies moves less than a rate).
    func measure(_ concurrency: Int, _ count: Int, latencies: Protected<[Double]>? = nil) -> SessionBenchmark.Sample {
        let finished = DispatchGroup()
        for _ in 0..<count { finished.enter() }
        let send = latencies.map { timed(get, into: $0) } ?? get
        let processorBefore = processorMicroseconds()
        let switchesBefore = contextSwitches()
        let start = DispatchTime.now().uptimeNanoseconds
        switch setting {
        case .app: sendFromHandlers(concurrency, count, finished, send)
        case .tool, .toolOneQueue: sendFromThisThread(concurrency, count, finished, send)
        }
        finished.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return .init(
            rate: Double(count) / seconds, processor: (processorMicroseconds() - processorBefore) / Double(count),
            switches: (contextSwitches() - switchesBefore) / Double(count))
    }

    /// `get`, adding each request's latency to `latencies`.
    private func timed(_ get: @escaping Get, into latencies: Protected<[Double]>) -> Get {
        { done in
            let sent = DispatchTime.now().uptimeNanoseconds
            get {
                let latency = Double(DispatchTime.now().uptimeNanoseconds - sent) / 1000
                latencies.withLock { $0.append(latency) }
                done()
            }
        }
    }

    /// The app's way: the first requests by a block on the main queue's stand-in, each next one
    /// from the handler of the one before, on that same queue.
    private func sendFromHandlers(_ concurrency: Int, _ count: Int, _ finished: DispatchGroup, _ get: @escaping Get) {
        let unsent = Protected(count)
        @Sendable func sendNext() {
            guard
                unsent.withLock({ unsent -> Bool in
                    guard unsent > 0 else { return false }
                    unsent -= 1
                    return true
                })
            else { return }
            get {
                sendNext()
                finished.leave()
            }
        }
        completionQueue.async {
            for _ in 0..<concurrency { sendNext() }
        }
    }

    /// A tool's way: this thread, which the client never uses otherwise, sends each request as soon
    /// as one of `concurrency` slots is free; a handler frees its slot.
    private func sendFromThisThread(_ concurrency: Int, _ count: Int, _ finished: DispatchGroup, _ get: Get) {
        let slots = DispatchSemaphore(value: concurrency)
        for _ in 0..<count {
            slots.wait()
            get {
                slots.signal()
                finished.leave()
            }
        }
    }
}

extension SessionBenchmark {
    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        // The manager drops the URL cache on Linux (chapter 9); the bare side does the same, so
        // that the comparison measures the manager and nothing else.
        configuration.urlCache = nil
        return configuration
    }
}

/// The manager as a program sets it up: AFNetworking's default runs completion handlers and posts
/// notifications on the main queue, one serial queue for both (the app setting); a tool gives it
/// a queue of its own for each, or one of its own for both.
enum ManagerClient {
    static func side(_ setting: Setting, _ url: URL) -> Side {
        let manager = URLSessionManager(configuration: SessionBenchmark.configuration())
        switch setting {
        case .app:
            let mainStandIn = DispatchQueue(label: "bench.manager.main-stand-in")
            manager.completionQueue = mainStandIn
            manager.notificationQueue = mainStandIn
        case .tool:
            manager.completionQueue = DispatchQueue(label: "bench.manager.completion")
            manager.notificationQueue = DispatchQueue(label: "bench.manager.notifications")
        case .toolOneQueue:
            let queue = DispatchQueue(label: "bench.manager.completion-and-notifications")
            manager.completionQueue = queue
            manager.notificationQueue = queue
        }
        return Side(
            setting: setting, completionQueue: manager.completionQueue, get: get(manager, url), manager: manager,
            stop: { manager.invalidateSession(cancelingTasks: true) })
    }

    static func get(_ manager: URLSessionManager, _ url: URL) -> Get {
        { done in
            // `try!`: the session is never invalidated here, so creating a task cannot fail.
            let task = try! manager.dataTask(with: URLRequest(url: url), completionHandler: { _, _, _ in done() })
            manager.resume(task)
        }
    }
}

/// The baseline: what a program writes without AFNetworking. One session, a delegate on a serial
/// queue, a body buffer per task, JSON parsed at completion, the result handed to the program's
/// completion queue (the main queue's stand-in in the app setting).
final class BareClient: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var data = Data()
        let done: @Sendable () -> Void
    }

    private let pending = Protected<[Int: Pending]>([:])
    let completionQueue: DispatchQueue
    private let delegateQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    // Set once in init, before any callback can arrive.
    nonisolated(unsafe) private(set) var session: URLSession!

    init(configuration: URLSessionConfiguration, completionQueue: DispatchQueue) {
        self.completionQueue = completionQueue
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
    }

    static func side(_ setting: Setting, _ url: URL) -> Side {
        let label = setting == .app ? "bench.bare.main-stand-in" : "bench.bare.completion"
        let bare = BareClient(
            configuration: SessionBenchmark.configuration(), completionQueue: DispatchQueue(label: label))
        return Side(
            setting: setting, completionQueue: bare.completionQueue, get: { done in bare.get(url, done) }, manager: nil,
            stop: { bare.session.invalidateAndCancel() })
    }

    func get(_ url: URL, _ done: @escaping @Sendable () -> Void) {
        let task = session.dataTask(with: url)
        pending.withLock { $0[task.taskIdentifier] = Pending(done: done) }
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { $0[dataTask.taskIdentifier]?.data.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let finished = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let parsed = (try? JSONSerialization.jsonObject(with: finished.data)) != nil
        completionQueue.async {
            Measure.blackHole(parsed ? 1 : 0)
            finished.done()
        }
    }
}
