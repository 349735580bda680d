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

    @Test("Resume and suspend notifications are posted on the manager's notification queue, not on the caller's thread")
    func postedOnTheNotificationQueue() async throws {
        try await Harness.with { harness in
            let queues = Locked<[String]>([])
            let observers = [Notification.Name.taskDidResume, .taskDidSuspend].map { name in
                harness.center.addObserver(forName: name, object: nil, queue: nil) { _ in
                    queues.withLock { $0.append(TestQueue.current) }
                }
            }
            defer { observers.forEach(harness.center.removeObserver) }
            let manager = harness.manager
            let task = try manager.dataTask(with: harness.request("/delay/5000"))
            manager.resume(task)
            manager.suspend(task)
            manager.resume(task)
            task.cancel()
            await harness.drainNotifications()
            #expect(queues.value == Array(repeating: "test.notifications", count: 3))
        }
    }

    #if canImport(FoundationNetworking)
    @Test(
        "A resume that another thread's cancel() follows at once still posts: the task did leave suspended, though it is canceling by now"
    )
    func resumeFollowedByCancel() async throws {
        try await Harness.with { harness in
            let resumed = harness.counter(for: .taskDidResume)
            let task = CancelledRightAfterResume()
            task.taskDescription = harness.manager.taskDescriptionForSessionTasks
            harness.manager.resume(task)
            await harness.drainNotifications()
            #expect(task.state == .canceling)
            #expect(resumed.value == 1, "a task that left suspended and is canceling posted no resume notification")
        }
    }
    #endif

    @Test("A task of another manager, resumed through this one, posts nothing")
    func onlyOwnTasks() async throws {
        try await Harness.with { harness in
            let resumed = harness.counter(for: .taskDidResume)
            let other = URLSessionManager(configuration: .ephemeral)
            let foreign = try other.dataTask(with: harness.request("/get"))
            harness.manager.resume(foreign)
            foreign.cancel()
            // No URL cache: with one, a cancel right after resume can stop the process on Linux
            // (the manager's sessions have none; step 7 of chapter 9 traces why).
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            let plain = URLSession(configuration: configuration).dataTask(with: harness.request("/get"))
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
                try manager.dataTask(
                    with: harness.request("/get"),
                    completionHandler: { response, object, error in
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
            let objects = Locked<[Bool]>([])
            let observer = harness.center.addObserver(forName: .sessionDidInvalidate, object: nil, queue: nil) { note in
                objects.withLock { $0.append((note.object as AnyObject?) === before) }
            }
            defer { harness.center.removeObserver(observer) }
            harness.manager.invalidateSession(cancelingTasks: false)
            #expect(harness.manager.session === before)
            #expect(throws: SessionManagerError.sessionInvalidated) {
                try harness.manager.dataTask(with: harness.request("/get"))
            }
            #expect(throws: SessionManagerError.sessionInvalidated) {
                try harness.manager.downloadTask(with: harness.request("/get"))
            }
            #expect(await eventually { invalidated.value == 1 && hookCalls.value == 1 })
            #expect(objects.value == [true], "the invalidation notification's object is not the session")
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

    @Test(
        "Invalidating and cancelling completes running tasks and never-resumed ones with -999, and empties the task table"
    )
    func invalidateAndCancel() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let codes = Locked<[URLError.Code?]>([])
            let record: TaskDelegate.CompletionHandler = { _, _, error in
                codes.withLock { $0.append((error as? URLError)?.code) }
            }
            // A response a minute away: however late this test gets its turn to invalidate, the
            // running task is still waiting (a 10 s delay once answered first, under the sanitizer).
            let running = try manager.dataTask(
                with: harness.request("/delay/60000", timeout: 120), completionHandler: record)
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
            manager.updateHooks {
                $0.taskDidComplete = { _, _, error in fromURLSession.withLock { $0.append((error as? URLError)?.code) }
                }
            }
            let handlerRuns = Locked(0)
            _ = try manager.dataTask(
                with: harness.request("/get"), completionHandler: { _, _, _ in handlerRuns.withLock { $0 += 1 } })
            manager.invalidateSession(cancelingTasks: true)
            #expect(await eventually { fromURLSession.value == [.cancelled] && handlerRuns.value == 1 })
            #expect(await eventually { manager.taskTable.count == 0 })
        }
    }
}
