import Chapter10Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import Locking
import Testing

/// Every test sequences its calls by what it can observe (the server's log, the client's
/// `waiting`, the manager's tasks), never by how long something takes: a bounded wait only ever
/// guards against a wrong answer that never gets there.
@Suite("10.3 Cancel for real, in a line")
struct CancelTests {
    /// A manager on a fresh HTTPBin, with its own completion queue (a test has no main run loop).
    func withManager(_ body: (HTTPSessionManager, HTTPBin) async throws -> Void) async throws {
        let server = try await HTTPBin.start()
        let manager = HTTPSessionManager(baseURL: server.baseURL, configuration: .ephemeral, notificationCenter: NotificationCenter())
        manager.completionQueue = DispatchQueue(label: "10.3.completion")
        manager.notificationQueue = DispatchQueue(label: "10.3.notifications")
        defer { manager.invalidateSession(cancelingTasks: true) }
        do {
            try await body(manager, server)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    /// Whether `condition` holds within about ten seconds.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    /// What the server was asked for, path and query, in the order it was asked.
    func paths(_ server: HTTPBin) -> [String] {
        server.requests.map(\.uri)
    }

    @Test("Two places, four calls: two run, the other two wait their turn and start in the order they came, as places free")
    func inLine() async throws {
        try await withManager { manager, server in
            let client = LimitedClient(manager: manager, maximumCalls: 2)
            let calls = Calls(client)
            calls.start("a", "delay/60000")
            calls.start("b", "delay/60000")
            let bothRan = await eventually { server.requests.count == 2 }
            #expect(bothRan, "the first two calls never reached the server")
            calls.start("c", "get?call=c")
            let oneWaits = await eventually { client.waiting == 1 }
            guard oneWaits else {
                Issue.record("a third call with two places, both taken, should wait: waiting is \(client.waiting), the server was asked for \(paths(server))")
                return calls.cancelAll()
            }
            calls.start("d", "get?call=d")
            let twoWait = await eventually { client.waiting == 2 }
            #expect(twoWait, "a fourth call should wait behind the third")
            #expect(server.requests.count == 2, "a waiting call reached the server: \(paths(server))")

            calls.cancel("a")
            #expect(await calls.ending("a") == .cancelled)
            #expect(await calls.ending("c") == .answered(200))
            #expect(await calls.ending("d") == .answered(200))
            let order = Array(paths(server).suffix(2))
            #expect(order == ["/get?call=c", "/get?call=d"], "the waiting calls should start in the order they came, c then d: the server saw \(paths(server))")
            calls.cancel("b")
            #expect(await calls.ending("b") == .cancelled)
            #expect(client.waiting == 0)
        }
    }

    @Test("A waiting call that is cancelled ends at once, leaves the line and never reaches the server; one cancelled before it asks never joins it")
    func cancelledWhileWaiting() async throws {
        try await withManager { manager, server in
            let client = LimitedClient(manager: manager, maximumCalls: 1)
            let calls = Calls(client)
            calls.start("a", "delay/60000")
            let aRan = await eventually { server.requests.count == 1 }
            #expect(aRan, "the first call never reached the server")
            calls.start("b", "get?call=b")
            let oneWaits = await eventually { client.waiting == 1 }
            guard oneWaits else {
                Issue.record("a second call with one place, taken, should wait: waiting is \(client.waiting), the server was asked for \(paths(server))")
                return calls.cancelAll()
            }
            calls.start("c", "get?call=c")
            let twoWait = await eventually { client.waiting == 2 }
            #expect(twoWait)

            calls.cancel("b")
            let bEnded = await eventually { calls.hasEnded("b") }
            #expect(bEnded, "the cancelled call b was still waiting: a call cancelled in line must end at once, not when its turn comes")
            #expect(await calls.ending("b") == .cancelled)
            #expect(client.waiting == 1, "the cancelled call should have left the line; \(client.waiting) wait")
            #expect(!calls.hasEnded("a"), "a ended, and should still be running")

            calls.startCancelled("e", "get?call=e")
            let eEnded = await eventually { calls.hasEnded("e") }
            #expect(eEnded, "a call cancelled before it asked joined the line anyway, and waits there")
            #expect(await calls.ending("e") == .cancelled)
            #expect(client.waiting == 1)

            calls.cancel("a")
            #expect(await calls.ending("a") == .cancelled)
            #expect(await calls.ending("c") == .answered(200))
            let asked = paths(server).filter { $0.hasPrefix("/get") }
            #expect(asked == ["/get?call=c"], "the server was asked for \(asked); b and e were cancelled before their turn")
        }
    }

    /// The ordering the random test below cannot promise: call b has looked at its Swift task (not
    /// cancelled yet) and is about to join the line when the cancellation comes. The test holds b
    /// on its way into `withState`, cancels it meanwhile from a thread of its own, then lets it go.
    @Test("A call cancelled just before it joins the line still ends at once: it looks at its cancellation where it joins")
    func cancelledOnItsWayIn() async throws {
        try await withManager { manager, server in
            let client = LimitedClient(manager: manager, maximumCalls: 1)
            let calls = Calls(client)
            calls.start("a", "delay/60000")
            let aRan = await eventually { server.requests.count == 1 }
            guard aRan else {
                Issue.record("the first call never reached the server")
                return calls.cancelAll()
            }
            let hold = Hold()
            client.beforeLocking.withLock { $0 = { if CallName.current == "b" { hold.once() } } }
            calls.start("b", "get?call=b")
            let held = await onAThreadOfItsOwn { () -> Bool in
                guard hold.arrived.wait(timeout: .now() + 10) == .success else { return false }
                // b's Swift task may reach the hook before `start` has filed it under its name.
                let deadline = Date().addingTimeInterval(10)
                while !calls.hasTask("b") && Date() < deadline { usleep(1000) }
                // The cancellation handler runs here, on this thread, while b is held.
                calls.cancel("b")
                hold.go.signal()
                return true
            }
            guard held else {
                Issue.record("call b never went through withState: every access to the client's state must")
                return calls.cancelAll()
            }
            let bEnded = await eventually { calls.hasEnded("b") }
            #expect(bEnded, """
                b was cancelled on its way into the line, and waits there for a place it will never use: \
                a cancellation that comes after the call looked, and before it joined, found nobody to take out
                """)
            #expect(await calls.ending("b") == .cancelled)
            #expect(client.waiting == 0, "the cancelled call b should not be in the line; \(client.waiting) wait")
            calls.cancel("a")
            #expect(await calls.ending("a") == .cancelled)
            #expect(!paths(server).contains("/get?call=b"), "the server was asked for b, which was cancelled")
        }
    }

    @Test("A running call that is cancelled gives up its place only once its task has ended")
    func placeFreedWhenTheTaskEnds() async throws {
        try await withManager { manager, server in
            let client = LimitedClient(manager: manager, maximumCalls: 1)
            let calls = Calls(client)
            calls.start("a", "delay/60000")
            let aRan = await eventually { server.requests.count == 1 }
            #expect(aRan, "the first call never reached the server")
            calls.start("b", "get?call=b")
            let oneWaits = await eventually { client.waiting == 1 }
            guard oneWaits else {
                Issue.record("a second call with one place, taken, should wait: waiting is \(client.waiting), the server was asked for \(paths(server))")
                return calls.cancelAll()
            }
            // Hold the manager's completion queue: a's task can end in URLSession, but its
            // completion handler, and so the end of the call, waits.
            let gate = Gate(holding: manager.completionQueue)
            calls.cancel("a")
            let aEnded = await eventually { manager.tasks.isEmpty }
            #expect(aEnded, "a's task was never cancelled")
            let stillWaiting = client.waiting
            let asked = server.requests.count
            gate.open()
            #expect(stillWaiting == 1 && asked == 1, """
                b took a's place while a's call had not ended (waiting: \(stillWaiting), requests at the \
                server: \(asked)): a place is free when the call holding it has ended, not when it is cancelled
                """)
            #expect(await calls.ending("a") == .cancelled)
            #expect(await calls.ending("b") == .answered(200))
        }
    }

    @Test("One place, used again and again: a call that ends with nobody waiting frees exactly its one place, so the next two calls still take turns")
    func placeFreedOnce() async throws {
        try await withManager { manager, server in
            let client = LimitedClient(manager: manager, maximumCalls: 1)
            let calls = Calls(client)
            // Calls one after another, nobody ever in line: each frees the place it held.
            for name in ["a", "b", "c"] {
                calls.start(name, "get?call=\(name)")
                #expect(await calls.ending(name) == .answered(200))
            }
            calls.start("d", "delay/60000")
            let dRan = await eventually { server.requests.count == 4 }
            guard dRan else {
                Issue.record("call d never reached the server, though every call before it had ended: \(paths(server))")
                return calls.cancelAll()
            }
            calls.start("e", "get?call=e")
            let settled = await eventually { client.waiting == 1 || paths(server).contains("/get?call=e") }
            #expect(settled && client.waiting == 1 && !paths(server).contains("/get?call=e"), """
                with one place, held by d, call e ran beside it instead of waiting (waiting: \(client.waiting), the \
                server was asked for \(paths(server))): the calls that ended before, with nobody in line, gave back \
                more places than they had taken
                """)
            calls.cancel("d")
            #expect(await calls.ending("d") == .cancelled)
            #expect(await calls.ending("e") == .answered(200))
        }
    }

    @Test("60 calls with three places, cancelled at random moments: each ends once, answered or CancellationError, and no place is lost")
    func random() async throws {
        try await withManager { manager, _ in
            let client = LimitedClient(manager: manager, maximumCalls: 3)
            let calls = Calls(client)
            var generator = SystemRandomNumberGenerator()
            // The rest race, but in every ten calls one waits a minute and is certainly cancelled,
            // and one is never cancelled and is certainly answered, however busy the machine.
            for index in 0..<60 {
                let delay = index % 10 == 9 ? 60000 : Int.random(in: 0...40, using: &generator)
                calls.start("\(index)", "delay/\(delay)")
            }
            let someWait = await eventually { client.waiting > 0 }
            #expect(someWait, "60 calls with three places, and none waits: the client runs every call at once")
            // While the calls race, the manager never holds more tasks than there are places: a
            // task leaves its table before its call ends and frees its place.
            var mostTasks = manager.tasks.count
            for index in 0..<60 where index % 10 != 4 {
                try? await Task.sleep(nanoseconds: UInt64.random(in: 0...5_000_000, using: &generator))
                calls.cancel("\(index)")
                mostTasks = max(mostTasks, manager.tasks.count)
            }
            #expect(mostTasks <= 3, "the manager held \(mostTasks) tasks at once, with three places")
            var endings: [Ending] = []
            for index in 0..<60 { endings.append(await calls.ending("\(index)")) }
            let kinds = Set(endings.map(\.description))
            let bothAndNothingElse = kinds == [Ending.answered(200).description, Ending.cancelled.description]
            #expect(bothAndNothingElse, "the calls ended with: \(kinds.sorted().joined(separator: "; "))")
            #expect(client.waiting == 0, "\(client.waiting) calls still wait after every call has ended")
            // Every place is free again: three more calls all run.
            for index in 0..<3 { calls.start("after \(index)", "get") }
            for index in 0..<3 {
                let ending = await calls.ending("after \(index)")
                #expect(ending == .answered(200), "a call made after the others ended: \(ending); a place was lost")
            }
            let allLeft = await eventually { manager.tasks.isEmpty }
            #expect(allLeft, "\(manager.tasks.count) tasks never left the manager")
        }
    }
}

/// How a call ended, as a value the messages can show.
enum Ending: Equatable, CustomStringConvertible {
    case answered(Int), cancelled, failed(String), stillRunning

    var description: String {
        switch self {
        case .answered(let status): "status \(status)"
        case .cancelled: "CancellationError"
        case .failed(let error): "the error \(error), not CancellationError"
        case .stillRunning: "not ended after ten seconds"
        }
    }
}

/// The calls of one test, by name: each a Swift task whose ending is noted once it ends.
final class Calls: Sendable {
    let client: LimitedClient
    let tasks = Protected<[String: Task<Int, any Error>]>([:])
    let endings = Protected<[String: Ending]>([:])

    init(_ client: LimitedClient) { self.client = client }

    func start(_ name: String, _ path: String) {
        run(name) { try await self.client.status(of: path) }
    }

    /// A call whose Swift task is cancelled before it asks for a place.
    func startCancelled(_ name: String, _ path: String) {
        run(name) {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await self.client.status(of: path)
        }
    }

    private func run(_ name: String, _ body: @escaping @Sendable () async throws -> Int) {
        let task = Task {
            do {
                let status = try await CallName.$current.withValue(name) { try await body() }
                self.endings.withLock { $0[name] = $0[name] == nil ? .answered(status) : .failed("a second ending") }
                return status
            } catch {
                let ending: Ending
                if error is CancellationError {
                    ending = .cancelled
                } else {
                    let error = error as NSError
                    ending = .failed("\(error.domain) \(error.code)")
                }
                self.endings.withLock { $0[name] = $0[name] == nil ? ending : .failed("a second ending") }
                throw error
            }
        }
        tasks.withLock { $0[name] = task }
    }

    func hasTask(_ name: String) -> Bool {
        tasks.withLock { $0[name] != nil }
    }

    func cancel(_ name: String) {
        tasks.withLock { $0[name] }?.cancel()
    }

    func cancelAll() {
        tasks.withLock { Array($0.values) }.forEach { $0.cancel() }
    }

    func hasEnded(_ name: String) -> Bool {
        endings.withLock { $0[name] != nil }
    }

    /// How the call ended, waiting up to ten seconds for it: a call that never ends cannot be
    /// awaited, so the ending is polled.
    func ending(_ name: String) async -> Ending {
        for _ in 0..<1000 {
            if let ending = endings.withLock({ $0[name] }) { return ending }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return endings.withLock { $0[name] } ?? .stillRunning
    }
}

/// Keeps a serial queue busy until `open()`: what is sent to it meanwhile cannot run.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    init(holding queue: DispatchQueue) { queue.async { self.semaphore.wait() } }
    func open() { semaphore.signal() }
}

/// The name of the call a Swift task runs, so that a hook can tell the calls apart.
enum CallName {
    @TaskLocal static var current: String?
}

/// Holds the first thread that calls `once()` until `go` is signalled (for at most 10 seconds, so
/// that a wrong answer cannot hang the run), and signals `arrived` when it is held.
final class Hold: Sendable {
    let arrived = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    private let used = Protected(false)

    func once() {
        let first = used.withLock { used in
            defer { used = true }
            return !used
        }
        guard first else { return }
        arrived.signal()
        _ = go.wait(timeout: .now() + 10)
    }
}

/// Runs a blocking `body` on a thread of its own, never on one of Swift's cooperative threads.
func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
