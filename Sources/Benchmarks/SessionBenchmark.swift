import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import Locking

/// Chapter 9: small GETs on loopback through `URLSessionManager` and through a bare `URLSession`
/// with a delegate that does the same work by hand (buffer the body, parse the JSON, hand the
/// result to another queue), at 1 and 16 requests in flight. The two sides take turns, round by
/// round, against one HTTPBin running in a child process, so that this process's processor time is
/// the client's alone. Targets, at both levels: the manager keeps ≥ 0.95× the bare rate, and
/// costs ≤ 30 µs more processor time per request.
enum SessionBenchmark {
    // Many short rounds rather than a few long ones: the load of a shared machine changes over
    // seconds, and a short round lets both sides of a pair see the same moment.
    static let requests = 500
    static let rounds = Int(ProcessInfo.processInfo.environment["AFN_BENCH_ROUNDS"] ?? "") ?? 60
    static let levels = [1, 16]
    static let rateTarget = Target.atLeast(0.95)
    static let extraProcessorTarget = Target.atMost(30)

    /// One measurement: requests per second, and processor microseconds per request.
    struct Sample {
        var rate: Double
        var processor: Double
    }

    static func run() {
        let server: ServerProcess
        do { server = try ServerProcess() } catch {
            print("session: could not start HTTPBin in a child process: \(error)")
            exit(1)
        }
        let url = server.url("/response?content-type=application/json&body=%7B%22ok%22%3Atrue%7D")
        let bare = BareClient(configuration: configuration())
        let manager = managerSide()
        let sides: [(name: String, main: DispatchQueue, get: Get)] = [
            ("bare URLSession + delegate", bare.completionQueue, { done in bare.get(url, done) }),
            ("URLSessionManager", manager.completionQueue, managerGet(manager, url)),
        ]
        for side in sides { _ = measure(concurrency: 16, count: 200, from: side.main, side.get) }  // warm up connections and caches

        var samples = [[[Sample]]](repeating: [[], []], count: levels.count)
        for round in 0..<rounds {
            for (levelIndex, level) in levels.enumerated() {
                // Alternate which side goes first, so that neither always runs on a warmer machine.
                for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                    samples[levelIndex][side].append(measure(concurrency: level, count: requests, from: sides[side].main, sides[side].get))
                }
            }
        }

        print("session: small GETs on loopback, server in a child process, \(rounds) interleaved rounds of \(requests) per side and level, medians")
        for (levelIndex, level) in levels.enumerated() {
            let bareSamples = samples[levelIndex][0]
            let managerSamples = samples[levelIndex][1]
            // The ratio of each round's pair, then their median: a pair runs back to back, so a
            // busy moment on the machine moves both sides of it.
            let ratio = median(zip(managerSamples, bareSamples).map { $0.rate / $1.rate })
            let extra = median(zip(managerSamples, bareSamples).map { $0.processor - $1.processor })
            print(String(format: "  %2d in flight: bare %6.0f req/s, %5.1f µs CPU/req   manager %6.0f req/s, %5.1f µs CPU/req",
                level, median(bareSamples.map(\.rate)), median(bareSamples.map(\.processor)),
                median(managerSamples.map(\.rate)), median(managerSamples.map(\.processor))))
            print(String(format: "                rate %.3f× (target %@×: %@)   extra CPU %+.1f µs/req (target %@ µs: %@)",
                ratio, rateTarget.description, rateTarget.check("rate at \(level) in flight", ratio),
                extra, extraProcessorTarget.description, extraProcessorTarget.check("extra µs at \(level) in flight", extra)))
        }
        tracingCost(manager, url)
        manager.invalidateSession(cancelingTasks: true)
        bare.session.invalidateAndCancel()
        server.stop()
    }

    static let sideArgument = "--session-side"

    /// One side alone, `count` GETs at 1 in flight after a warm-up, for a profiler to watch. With
    /// a server started apart (`swift run -c release httpbin --port 8080`; valgrind cannot start
    /// the benchmark's own child process),
    /// `AFN_BENCH_SERVER=http://127.0.0.1:8080 valgrind --tool=callgrind afn-bench --session-side manager 3000`,
    /// then the same with 1000: the difference of the two totals, divided by 2,000, is what one
    /// request costs, with the start-up and the warm-up cancelled out. (valgrind 3.19 cannot read
    /// the DWARF 5 of a Swift 6 build: profile a copy made with `strip -g`.)
    static func runSide(_ name: String, count: Int) -> Never {
        let server: ServerProcess?
        let base: String
        if let given = ProcessInfo.processInfo.environment["AFN_BENCH_SERVER"] {
            (server, base) = (nil, given)
        } else if let started = try? ServerProcess() {
            (server, base) = (started, started.baseURL.absoluteString)
        } else {
            print("session: could not start HTTPBin in a child process (set AFN_BENCH_SERVER to a running one)")
            exit(1)
        }
        let url = URL(string: base + "/response?content-type=application/json&body=%7B%22ok%22%3Atrue%7D")!
        let (main, get): (DispatchQueue, Get)
        switch name {
        case "bare":
            let bare = BareClient(configuration: configuration())
            (main, get) = (bare.completionQueue, { done in bare.get(url, done) })
        case "manager":
            let manager = managerSide()
            (main, get) = (manager.completionQueue, managerGet(manager, url))
        default:
            print("session: the side is 'bare' or 'manager', not '\(name)'")
            exit(2)
        }
        _ = measure(concurrency: 1, count: 200, from: main, get)
        let sample = measure(concurrency: 1, count: count, from: main, get)
        print(String(format: "%@: %d GETs at 1 in flight, %.0f req/s, %.1f µs CPU/req", name, count, sample.rate, sample.processor))
        server?.stop()
        exit(0)
    }

    /// One GET; `done` runs on the side's stand-in for the main queue.
    typealias Get = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A manager as an app has it by default: AFNetworking runs completion handlers and posts its
    /// notifications on the main queue, one serial queue for both. The main queue never runs in
    /// this program (it waits on semaphores), so a serial queue of its own stands in for it.
    static func managerSide() -> URLSessionManager {
        let manager = URLSessionManager(configuration: configuration())
        let mainStandIn = DispatchQueue(label: "bench.manager.main-stand-in")
        manager.completionQueue = mainStandIn
        manager.notificationQueue = mainStandIn
        return manager
    }

    static func managerGet(_ manager: URLSessionManager, _ url: URL) -> Get {
        { done in
            // `try!`: the session is never invalidated here, so creating a task cannot fail.
            let task = try! manager.dataTask(with: URLRequest(url: url), completionHandler: { _, _, _ in done() })
            manager.resume(task)
        }
    }

    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        // The manager drops the URL cache on Linux (chapter 9); the bare side does the same, so
        // that the comparison measures the manager and nothing else.
        configuration.urlCache = nil
        return configuration
    }

    /// `count` GETs with at most `concurrency` in flight: requests per second, and this process's
    /// processor time per request. Every request is sent from `main`, the side's stand-in for the
    /// main queue, where its handler also runs: the first ones by a block on it, each next one from
    /// the handler of the one before, as an app sends requests from its main thread.
    static func measure(concurrency: Int, count: Int, from main: DispatchQueue, _ get: @escaping Get) -> Sample {
        let finished = DispatchGroup()
        for _ in 0..<count { finished.enter() }
        let unsent = Protected(count)
        // Sends the next request, if one is left; runs on `main`.
        @Sendable func sendNext() {
            guard unsent.withLock({ unsent -> Bool in
                guard unsent > 0 else { return false }
                unsent -= 1
                return true
            }) else { return }
            get {
                sendNext()
                finished.leave()
            }
        }
        let processorBefore = processorMicroseconds()
        let start = DispatchTime.now().uptimeNanoseconds
        main.async {
            for _ in 0..<concurrency { sendNext() }
        }
        finished.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Sample(rate: Double(count) / seconds, processor: (processorMicroseconds() - processorBefore) / Double(count))
    }

    /// Requests per second only.
    static func rate(concurrency: Int, count: Int, from main: DispatchQueue, _ get: @escaping Get) -> Double {
        measure(concurrency: concurrency, count: count, from: main, get).rate
    }

    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// Runs async work from the benchmark's synchronous code.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> T {
        let result = Protected<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try! result.withLock { $0! }.get()
    }
}

/// The baseline: what an app writes without AFNetworking. One session, a delegate on a serial
/// queue, a body buffer per task, JSON parsed at completion, the result handed to another queue
/// (the main queue in an app: here a serial queue stands in for it, as for the manager).
final class BareClient: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var data = Data()
        let done: @Sendable () -> Void
    }

    private let pending = Protected<[Int: Pending]>([:])
    let completionQueue = DispatchQueue(label: "bench.bare.main-stand-in")
    private let delegateQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    // Set once in init, before any callback can arrive.
    nonisolated(unsafe) private(set) var session: URLSession!

    init(configuration: URLSessionConfiguration) {
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
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
