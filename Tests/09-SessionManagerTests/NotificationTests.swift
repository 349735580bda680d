import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates
import TestSupport
import Testing

@Suite("Resume, suspend, invalidation and their notifications")
struct NotificationTests {
    @Test("The notification names are AFNetworking 4.0.1's strings")
    func names() {
        #expect(Notification.Name.taskDidResume.rawValue == "com.alamofire.networking.task.resume")
        #expect(Notification.Name.taskDidSuspend.rawValue == "com.alamofire.networking.task.suspend")
        #expect(Notification.Name.sessionDidInvalidate.rawValue == "com.alamofire.networking.session.invalidate")
    }

    @Test("Resume and suspend post only when the state really changes")
    func onlyRealChanges() async throws {
        try await Harness.with { harness in
            let resumed = harness.counter(for: .taskDidResume)
            let suspended = harness.counter(for: .taskDidSuspend)
            let manager = harness.manager
            let task = try manager.dataTask(with: harness.request("/delay/5000"))
            manager.resume(task)  // posts
            manager.resume(task)  // already running
            manager.suspend(task)  // posts
            manager.suspend(task)  // already suspended (URLSession counts suspensions, as on Darwin)
            manager.resume(task)  // one suspension left: still suspended
            #expect(task.state == .suspended)
            manager.resume(task)  // posts
            task.cancel()
            await harness.drainNotifications()
            #expect(resumed.value == 2)
            #expect(suspended.value == 1)
        }
    }

    @Test("A task of another manager, resumed through this one, posts nothing")
    func onlyOwnTasks() async throws {
        try await Harness.with { harness in
            let resumed = harness.counter(for: .taskDidResume)
            let other = URLSessionManager(configuration: .ephemeral)
            let foreign = try other.dataTask(with: harness.request("/get"))
            harness.manager.resume(foreign)
            foreign.cancel()
            let plain = URLSession(configuration: .ephemeral).dataTask(with: harness.request("/get"))
            harness.manager.resume(plain)
            plain.cancel()
            await harness.drainNotifications()
            #expect(resumed.value == 0)
            other.invalidateSession(cancelingTasks: true)
        }
    }

    @Test("Did-complete is posted once per task, after its handler has run")
    func didCompleteAfterHandler() async throws {
        try await Harness.with { harness in
            let completed = harness.counter(for: .taskDidComplete)
            let handlerRan = Locked(false)
            let seenAtNotification = Locked<[Bool]>([])
            let observer = harness.center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) { _ in
                seenAtNotification.withLock { $0.append(handlerRan.value) }
            }
            defer { harness.center.removeObserver(observer) }
            _ = try await harness.complete { manager, handler in
                try manager.dataTask(with: harness.request("/get"), completionHandler: { response, object, error in
                    handlerRan.withLock { $0 = true }
                    handler(response, object, error)
                })
            }
            #expect(await eventually { completed.value == 1 })
            #expect(seenAtNotification.value == [true])
        }
    }

    @Test("Invalidating without a reset keeps the session, and creating a task then throws instead of crashing")
    func invalidateWithoutReset() async throws {
        try await Harness.with { harness in
            let invalidated = harness.counter(for: .sessionDidInvalidate)
            let hookCalls = Locked(0)
            harness.manager.updateHooks { $0.sessionDidBecomeInvalid = { _, _ in hookCalls.withLock { $0 += 1 } } }
            let before = harness.manager.session
            harness.manager.invalidateSession(cancelingTasks: false)
            #expect(harness.manager.session === before)
            #expect(throws: SessionManagerError.sessionInvalidated) {
                try harness.manager.dataTask(with: harness.request("/get"))
            }
            #expect(throws: SessionManagerError.sessionInvalidated) {
                try harness.manager.downloadTask(with: harness.request("/get"))
            }
            #expect(await eventually { invalidated.value == 1 && hookCalls.value == 1 })
        }
    }

    @Test("Invalidating with a reset gives a new session on next use, and it works")
    func invalidateWithReset() async throws {
        try await Harness.with { harness in
            let before = harness.manager.session
            harness.manager.invalidateSession(cancelingTasks: true, resetSession: true)
            #expect(harness.manager.session !== before)
            let completion = try await harness.get("/get")
            #expect(completion.status == 200)
        }
    }

    @Test("Invalidating and cancelling completes running tasks and never-resumed ones with -999, and empties the task table")
    func invalidateAndCancel() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let codes = Locked<[URLError.Code?]>([])
            let record: TaskDelegate.CompletionHandler = { _, _, error in codes.withLock { $0.append((error as? URLError)?.code) } }
            // A response a minute away: however late this test gets its turn to invalidate, the
            // running task is still waiting (a 10 s delay once answered first, under the sanitizer).
            let running = try manager.dataTask(with: harness.request("/delay/60000", timeout: 120), completionHandler: record)
            manager.resume(running)
            _ = try manager.dataTask(with: harness.request("/get"), completionHandler: record)  // never resumed
            #expect(await eventually { harness.server.requests.count == 1 })
            manager.invalidateSession(cancelingTasks: true)
            #expect(await eventually { codes.value.count == 2 })
            #expect(codes.value == [.cancelled, .cancelled])
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }

    @Test(
        "On Linux a never-resumed task gets URLSession's own -999 when its session is invalidated and cancelled: the manager's session has no URL cache",
        .enabled(if: onLinux, "Darwin sends a never-resumed task no callback"))
    func neverResumedOnLinux() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let fromURLSession = Locked<[URLError.Code?]>([])
            manager.updateHooks { $0.taskDidComplete = { _, _, error in fromURLSession.withLock { $0.append((error as? URLError)?.code) } } }
            let handlerRuns = Locked(0)
            _ = try manager.dataTask(with: harness.request("/get"), completionHandler: { _, _, _ in handlerRuns.withLock { $0 += 1 } })
            manager.invalidateSession(cancelingTasks: true)
            #expect(await eventually { fromURLSession.value == [.cancelled] && handlerRuns.value == 1 })
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }
}
