import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import NetworkActivity
import SessionManager
import TaskDelegates
import TestSupport
import Testing

/// The indicator and the bound control on chapter 9's manager, with real tasks against HTTPBin:
/// the notifications they count are the ones the manager really posts. A slow request is one to
/// `/delay/30000`, ended when the test cancels it, so that no test depends on how fast anything is.
@Suite("With a real manager, against HTTPBin")
struct ActivityWithManagerTests {
    /// A manager posting to `center`, its notifications on a queue of their own.
    final class Manager: Sendable {
        let manager: URLSessionManager
        let notifications = TestQueue.named("manager notifications")

        init(center: NotificationCenter) {
            manager = URLSessionManager(configuration: .ephemeral, notificationCenter: center)
            manager.notificationQueue = notifications
            manager.completionQueue = TestQueue.named("completions")
        }

        /// A task, resumed through the manager; `done` is signalled by its completion handler.
        func start(_ url: URL, done: DispatchSemaphore? = nil) throws -> URLSessionTask {
            let task = try manager.dataTask(
                with: URLRequest(url: url, timeoutInterval: 120), completionHandler: { _, _, _ in done?.signal() })
            manager.resume(task)
            notifications.sync {}
            return task
        }
    }

    @Test(
        "The indicator on a real manager: a quick request shows nothing; a slow one shows after 1 s and hides 0.17 s after it ends"
    )
    func indicator() async throws {
        try await HTTPBin.serving { server in
            let harness = IndicatorHarness()
            let manager = Manager(center: harness.center)
            defer { manager.manager.invalidateSession(cancelingTasks: true) }
            let quick = DispatchSemaphore(value: 0)
            _ = try manager.start(server.url("/get"), done: quick)
            #expect(quick.wait(timeout: .now() + 60) == .success, "GET /get did not complete")
            #expect(await eventually { harness.indicator.activityCount == 0 }, "the completion was not counted")
            harness.advance(2)
            #expect(harness.events.isEmpty, "a request over before the delay shows nothing")

            let slow = try manager.start(server.url("/delay/30000"))
            harness.settle()
            #expect(harness.indicator.state == .delayingStart)
            harness.advance(1)
            #expect(harness.events == ["shown at 3.0"])
            slow.cancel()
            #expect(
                await eventually { harness.indicator.activityCount == 0 },
                "the cancelled task's completion was not counted")
            harness.settle()
            harness.advance(0.17)
            #expect(harness.events == ["shown at 3.0", "hidden at 3.17"])
        }
    }

    @Test("A control bound to a real task follows the manager's resume, suspend and completion of it")
    func boundControl() async throws {
        try await HTTPBin.serving { server in
            let control = TaskBindingTests.Control(.activityIndicator)
            let manager = Manager(center: control.center)
            defer { manager.manager.invalidateSession(cancelingTasks: true) }
            let task = try manager.manager.dataTask(
                with: URLRequest(url: server.url("/delay/30000"), timeoutInterval: 120))
            control.bind(task)
            manager.manager.resume(task)
            manager.notifications.sync {}
            manager.manager.suspend(task)
            manager.notifications.sync {}
            manager.manager.resume(task)
            manager.notifications.sync {}
            control.settle()
            #expect(control.seen == [false, true, false, true])
            task.cancel()
            #expect(
                await eventually {
                    control.settle()
                    return control.seen.count == 5
                }, "the completion did not reach the control")
            #expect(control.seen == [false, true, false, true, false])
        }
    }

    @Test(
        "AFNetworking's cases on a real manager: a control released before its task runs is told nothing, and nothing traps"
    )
    func releasedControl() async throws {
        try await HTTPBin.serving { server in
            let control = TaskBindingTests.Control(.refreshControl)
            let manager = Manager(center: control.center)
            defer { manager.manager.invalidateSession(cancelingTasks: true) }
            let done = DispatchSemaphore(value: 0)
            let task = try manager.start(server.url("/delay/100"), done: done)
            control.bind(task)
            control.binding.withLock { $0 = nil }
            manager.manager.suspend(task)
            manager.manager.resume(task)
            #expect(done.wait(timeout: .now() + 60) == .success)
            manager.notifications.sync {}
            control.settle()
            #expect(control.seen == [true])
        }
    }
}
