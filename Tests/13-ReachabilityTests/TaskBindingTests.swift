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

/// What `UIActivityIndicatorView+AFNetworking` and `UIRefreshControl+AFNetworking` do, as one
/// toolkit-free type: AFNetworking's own test cases for both (a control released before its
/// task's notifications), and the rules they rely on, with tasks in each state.
@Suite("A control bound to a task")
struct TaskBindingTests {
    /// A binding of `style`, its own center and queue, and what it told the control.
    final class Control: Sendable {
        let center = NotificationCenter()
        let queue = TestQueue.named("control")
        let calls = Locked<[Bool]>([])
        let binding: Locked<TaskActivityBinding?>

        init(_ style: TaskActivityBinding.Style) {
            let calls = calls
            binding = Locked(
                TaskActivityBinding(style: style, notificationCenter: center, queue: queue) { animating in
                    calls.withLock { $0.append(animating) }
                })
        }

        func bind(_ task: URLSessionTask?) {
            binding.withLock { $0 }?.bind(to: task)
            settle()
        }

        func post(_ name: Notification.Name, _ task: URLSessionTask) {
            center.post(name: name, object: task)
            settle()
        }

        func settle() { queue.sync {} }
        var seen: [Bool] { calls.withLock { $0 } }
    }

    /// Tasks in each state: suspended (never resumed), running (waiting for HTTPBin's slow answer),
    /// completed.
    static func withTasks(
        _ body: (_ suspended: URLSessionTask, _ running: URLSessionTask, _ completed: URLSessionTask) async throws ->
            Void
    ) async throws {
        try await HTTPBin.serving { server in
            let session = URLSession(configuration: .withoutCache)
            let completed = session.dataTask(with: server.url("/get"))
            completed.resume()
            #expect(await eventually { completed.state == .completed }, "the task to /get did not complete")
            let running = session.dataTask(with: URLRequest(url: server.url("/delay/30000"), timeoutInterval: 120))
            running.resume()
            let suspended = session.dataTask(with: server.url("/get"))
            try await body(suspended, running, completed)
            // Ended before the session goes: FoundationNetworking can stop the process when a task's
            // cancellation is still on its way as its session is invalidated.
            running.cancel()
            #expect(await eventually { running.state == .completed }, "the cancelled task did not complete")
            session.finishTasksAndInvalidate()
        }
    }

    @Test(
        "AFNetworking's cases: a control released before its task is resumed, suspended or completed is told nothing, and nothing traps",
        arguments: [TaskActivityBinding.Style.activityIndicator, .refreshControl],
        [Notification.Name.taskDidResume, .taskDidSuspend, .taskDidComplete])
    func releasedControl(style: TaskActivityBinding.Style, notification: Notification.Name) async throws {
        try await Self.withTasks { _, running, _ in
            let control = Control(style)
            control.bind(running)
            control.binding.withLock { $0 = nil }
            control.post(notification, running)
            #expect(control.seen == [true], "only the state at binding time")
        }
    }

    @Test(
        "Activity indicator: a running task animates; its suspension stops it, its resumption starts it, its completion stops it"
    )
    func indicatorFollowsTask() async throws {
        try await Self.withTasks { _, running, _ in
            let control = Control(.activityIndicator)
            control.bind(running)
            for name in [Notification.Name.taskDidSuspend, .taskDidResume, .taskDidComplete] {
                control.post(name, running)
            }
            #expect(control.seen == [true, false, true, false])
        }
    }

    @Test(
        "Activity indicator: a task not running yet stops the animation, and starts it when resumed; a completed one changes nothing"
    )
    func indicatorWaitsForResume() async throws {
        try await Self.withTasks { suspended, _, completed in
            let control = Control(.activityIndicator)
            control.bind(suspended)
            control.post(.taskDidResume, suspended)
            #expect(control.seen == [false, true])
            control.bind(completed)
            control.post(.taskDidResume, completed)
            #expect(
                control.seen == [false, true], "a completed task is not followed, and the control is left as it was")
        }
    }

    @Test(
        "Refresh control: a running task begins refreshing and its completion ends it; any other task ends refreshing, and is not followed"
    )
    func refreshControl() async throws {
        try await Self.withTasks { suspended, running, completed in
            let control = Control(.refreshControl)
            control.bind(running)
            control.post(.taskDidComplete, running)
            control.bind(suspended)
            control.post(.taskDidResume, suspended)
            control.bind(completed)
            #expect(control.seen == [true, false, false, false])
        }
    }

    @Test("Only the bound task counts: another task's notifications change nothing")
    func otherTasks() async throws {
        try await Self.withTasks { suspended, running, completed in
            let control = Control(.activityIndicator)
            control.bind(running)
            control.post(.taskDidComplete, completed)
            control.post(.taskDidSuspend, suspended)
            #expect(control.seen == [true])
        }
    }

    @Test("Binding another task forgets the first; binding nil forgets it too")
    func rebinding() async throws {
        try await Self.withTasks { suspended, running, _ in
            let control = Control(.activityIndicator)
            control.bind(running)
            control.bind(suspended)
            control.post(.taskDidComplete, running)
            control.post(.taskDidResume, suspended)
            control.bind(nil)
            control.post(.taskDidSuspend, suspended)
            #expect(control.seen == [true, false, true])
        }
    }

    @Test(
        "A notification of the first task still on its way when another task is bound is dropped, not shown over the second"
    )
    func lateNotificationAfterRebinding() async throws {
        try await Self.withTasks { first, running, _ in
            let control = Control(.activityIndicator)
            control.bind(first)
            let gate = DispatchSemaphore(value: 0)
            control.queue.async { gate.wait() }  // the control's queue is busy: what follows waits
            control.center.post(name: .taskDidResume, object: first)  // on its way: queued behind the gate
            control.binding.withLock { $0 }?.bind(to: running)
            gate.signal()
            control.settle()
            #expect(
                control.seen == [false, true],
                "the first task's resume, queued before the rebinding, must not be shown: \(control.seen)")
        }
    }
}
