import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import TestSupport
import Testing

/// What the delegate does for the object that owns it and its task (chapter 9's manager): keeps
/// the owner's reason for cancelling, moves to the task its task became, pauses through the owner.
@Suite("The delegate and its owner")
struct OwnerTests {
    /// An owner's reason: its error replaces URLSession's.
    struct Reason: OwnerCancellation {
        let name: String
        func completionError(reported: (any Error)?) -> (any Error)? { Refused(name: name) }
    }

    struct Refused: Error, Equatable {
        let name: String
    }

    @Test(
        "Once its owner cancelled the task, the delegate takes no more events, keeps the first reason, and completes with the reason's error"
    )
    func cancelledByOwner() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(200, ["Content-Length": "12"]))
        #expect(delegate.didReceive(data: Data("before".utf8)))
        #expect(delegate.cancel(byOwner: Reason(name: "first")))
        #expect(!delegate.cancel(byOwner: Reason(name: "second")), "a second reason counted")
        #expect(!delegate.didReceive(data: Data("after!".utf8)), "a chunk was taken after the owner cancelled the task")
        delegate.didSendBodyData(totalBytesSent: 3, totalBytesExpectedToSend: 8)
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()
        queues.drain()
        #expect((recorder.call?.error as? Refused) == Refused(name: "first"))
        #expect(recorder.completionNotification?.data == Data("before".utf8))
        #expect(recorder.uploads.value.isEmpty)
        #expect(!delegate.cancel(byOwner: Reason(name: "late")), "a completed task was cancelled")
    }

    @Test("Of two finishers, the first takes the completion and the second gets nil: the delegate decides")
    func takeCompletionOnce() {
        let delegate = TaskDelegate(task: scriptedTask(), notificationCenter: NotificationCenter())
        #expect(!delegate.hasCompleted)
        let first = delegate.takeCompletion(reportedError: nil)
        let second = delegate.takeCompletion(reportedError: URLError(.cancelled))
        #expect(first != nil && second == nil)
        #expect(delegate.hasCompleted)
    }

    @Test(
        "A delegate moved to the task its task became completes for the new task, and its progress controls the new task"
    )
    func moved() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let old = scriptedTask()
        let new = scriptedDownloadTask()
        let delegate = recorder.delegate(for: old)
        let progress = delegate.downloadProgress
        delegate.move(to: new)
        #expect(delegate.task === new)
        progress.cancel()
        #expect(await eventually(within: 30) { new.state == .canceling || new.state == .completed })
        #expect(old.state == .suspended, "the old task was cancelled")
        let posted = Observed(.taskDidComplete, object: new, on: recorder.center)
        delegate.didComplete(error: URLError(.cancelled), context: queues.context(HTTPResponseSerializer()))
        try await posted.wait()
    }

    @Test("Pausing and resuming a progress go through the delegate's owner when it has one")
    func pauseThroughOwner() async throws {
        final class Owner: TaskOwner {
            let calls = Locked<[String]>([])
            func suspend(_ task: URLSessionTask) { calls.withLock { $0.append("suspend") } }
            func resume(_ task: URLSessionTask) { calls.withLock { $0.append("resume") } }
        }
        let owner = Owner()
        let task = scriptedTask()
        let delegate = TaskDelegate(
            task: task, uploadProgress: nil, downloadProgress: nil, destination: nil,
            notificationCenter: NotificationCenter(), tracer: nil, declaredBodyLength: nil, owner: owner,
            completionHandler: nil)
        let progress = delegate.uploadProgress
        // Foundation calls the control handlers later, on a queue of its own: one at a time here.
        progress.pause()
        #expect(await eventually(within: 30) { owner.calls.value == ["suspend"] })
        progress.resume()
        #expect(await eventually(within: 30) { owner.calls.value == ["suspend", "resume"] })
        #expect(task.state == .suspended, "the task was suspended or resumed behind its owner's back")
    }

    @Test("The upload's total falls back to the length the owner says the request declared, not to the task's request")
    func declaredLength() async {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/upload")!)
        request.httpMethod = "POST"  // no Content-Length left: the owner took it off (Linux)
        let reports = Locked<[Int64]>([])
        let delegate = TaskDelegate(
            task: scriptedTask(request),
            uploadProgress: { progress in reports.withLock { $0.append(progress.totalUnitCount) } },
            downloadProgress: nil, destination: nil, notificationCenter: NotificationCenter(), tracer: nil,
            declaredBodyLength: 4096, owner: nil, completionHandler: nil)
        #expect(delegate.didSendBodyData(totalBytesSent: 1024, totalBytesExpectedToSend: 0) == 4096)
        #expect(reports.value == [4096])
    }
}
