import Chapter09Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import Locking
import SessionManager
import TaskDelegates
import Testing

@Suite("9.2 The activity count that goes wrong")
struct ActivityCountTests {
    @Test("Resume A, resume B, suspend A, complete A: B is still running, so the count is 1")
    func suspendedThenCompleted() {
        let script = Script(tasks: 2)
        defer { script.end() }
        let (a, b) = (script.tasks[0], script.tasks[1])
        script.post(.taskDidResume, a)
        script.post(.taskDidResume, b)
        script.post(.taskDidSuspend, a)
        let afterSuspend = script.count.value
        script.post(.taskDidComplete, a)
        let afterComplete = script.count.value
        #expect((afterSuspend, afterComplete) == (1, 1),
                "resume A, resume B, suspend A: count \(afterSuspend), expected 1; then complete A: count \(afterComplete), expected 1 (B is still running)")
    }

    @Test("Resume B, then complete C, which never ran (an invalidation completes such tasks): the count stays 1")
    func completedWithoutRunning() {
        let script = Script(tasks: 2)
        defer { script.end() }
        let (b, c) = (script.tasks[0], script.tasks[1])
        script.post(.taskDidResume, b)
        script.post(.taskDidComplete, c)
        #expect(script.count.value == 1, "resume B, complete C (never resumed): count \(script.count.value), expected 1 (B is still running)")
    }

    @Test("Two sessions each number a task 1: resume both, suspend and complete one, and the other still counts")
    func sameNumberTwoTasks() {
        let old = Script(tasks: 1)
        let new = Script(tasks: 1, center: old.center, count: old.count)
        defer { old.end(); new.end() }
        let (a, b) = (old.tasks[0], new.tasks[0])
        old.post(.taskDidResume, a)
        old.post(.taskDidResume, b)
        old.post(.taskDidSuspend, b)
        old.post(.taskDidComplete, b)
        #expect(old.count.value == 1,
                "resume A, resume B, suspend B, complete B, where A and B are tasks \(a.taskIdentifier) and \(b.taskIdentifier) of two sessions: count \(old.count.value), expected 1 (A is still running)")
    }

    @Test("Through a real manager: two slow requests, one paused through its Progress and then cancelled, count 1; the other cancelled too, count 0")
    func realManager() async throws {
        let server = try await HTTPBin.start()
        let center = NotificationCenter()
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: center)
        let notifications = DispatchQueue(label: "9.2 notifications")
        manager.notificationQueue = notifications
        manager.completionQueue = DispatchQueue(label: "9.2 completion")
        let count = ActivityCount(observing: center)
        let completed = Protected<Set<ObjectIdentifier>>([])
        let token = center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) { notification in
            if let task = notification.object as? URLSessionTask { _ = completed.withLock { $0.insert(ObjectIdentifier(task)) } }
        }
        /// Waits until `task`'s did-complete notification has been posted to every observer.
        func waitForCompletion(of task: URLSessionTask) async throws {
            var polls = 0
            while !completed.withLock({ $0.contains(ObjectIdentifier(task)) }), polls < 2000 {
                try await Task.sleep(nanoseconds: 10_000_000)
                polls += 1
            }
            notifications.sync {}  // the post that reached our observer has reached them all
        }

        let a = try manager.dataTask(with: URLRequest(url: server.url("/delay/10000")))
        let b = try manager.dataTask(with: URLRequest(url: server.url("/delay/10000")))
        manager.resume(a)
        manager.resume(b)
        // Paused the way an app's pause button pauses a transfer: through the task's Progress,
        // which suspends the task through the manager (chapter 9, step 4).
        manager.downloadProgress(for: a)?.pause()
        var polls = 0
        while a.state != .suspended, polls < 3000 {
            try await Task.sleep(nanoseconds: 10_000_000)
            polls += 1
        }
        a.cancel()
        try await waitForCompletion(of: a)
        let afterA = count.value
        b.cancel()
        try await waitForCompletion(of: b)
        let afterB = count.value
        #expect((afterA, afterB) == (1, 0),
                "resume A and B, pause A through its Progress, cancel A: count \(afterA), expected 1; then cancel B: count \(afterB), expected 0")

        center.removeObserver(token)
        manager.invalidateSession(cancelingTasks: true)
        try await server.shutdown()
    }
}

/// Notifications posted by hand, with real tasks (never resumed) of a fresh session as their objects:
/// the sequences a manager posts, without a server.
struct Script {
    let session: URLSession
    let tasks: [URLSessionTask]
    let center: NotificationCenter
    let count: ActivityCount

    init(tasks number: Int, center: NotificationCenter = NotificationCenter(), count: ActivityCount? = nil) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        self.session = session
        tasks = (0..<number).map { _ in session.dataTask(with: URL(string: "http://127.0.0.1:1/")!) }
        self.center = center
        self.count = count ?? ActivityCount(observing: center)
    }

    func post(_ name: Notification.Name, _ task: URLSessionTask) {
        center.post(name: name, object: task)
    }

    func end() { session.invalidateAndCancel() }
}
