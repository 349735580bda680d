import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import TestSupport
import Testing

/// The three orders in which a call's cancellation can meet its URLSession task, one at a time, on
/// `CallState` itself: each order is forced by the order of the calls, not by timing. The tasks
/// are real and never resumed, so nothing is sent.
@Suite("CallState orders a cancellation against its task")
struct CallStateTests {
    func withTask(_ body: (URLSessionTask) async throws -> Void) async rethrows {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        try await body(session.dataTask(with: URL(string: "http://127.0.0.1:1/")!))
    }

    @Test(
        "Cancelled before the task exists: only the flag is set, and start says to cancel the task before resuming it")
    func beforeTheTask() async {
        await withTask { task in
            let call = CallState()
            call.cancel()
            #expect(call.wasCancelled)
            #expect(!call.start(task))
            #expect(task.state == .suspended, "the handler had no task to cancel; the caller cancels it")
        }
    }

    @Test("Cancelled while the task runs: the task is cancelled, from another queue")
    func whileRunning() async {
        await withTask { task in
            let call = CallState()
            #expect(call.start(task))
            call.cancel()
            #expect(call.wasCancelled)
            #expect(await eventually { task.state != .suspended })
        }
    }

    @Test("Cancelled after the task finished: the flag is set, and the task is left alone")
    func afterTheTask() async {
        await withTask { task in
            let call = CallState()
            #expect(call.start(task))
            call.finish()
            call.cancel()
            #expect(call.wasCancelled)
            // A cancel() sent to another queue would have reached the task well within this wait.
            #expect(await !eventually(within: 2) { task.state != .suspended }, "the finished call's task was cancelled")
        }
    }

    #if canImport(FoundationNetworking)
    @Test(
        "The cancellation handler returns at once: the task's cancel(), which on Linux waits for URLSession's queue, runs on another queue"
    )
    func cancelReturnsAtOnce() async {
        let task = HeldCancelTask()
        let call = CallState()
        #expect(call.start(task))
        let returned = await onAThreadOfItsOwn { () -> Bool in
            let done = DispatchSemaphore(value: 0)
            Thread {
                call.cancel()
                done.signal()
            }.start()
            // The task's cancel() is held until the end: a cancellation handler that calls it in
            // place cannot return meanwhile.
            return done.wait(timeout: .now() + 5) == .success
        }
        let reached = await onAThreadOfItsOwn { task.entered.wait(timeout: .now() + 30) == .success }
        task.release.signal()
        #expect(returned, "CallState.cancel() waited for the task's own cancel(): it must send it to another queue")
        #expect(reached, "the task was never cancelled")
    }
    #endif
}

#if canImport(FoundationNetworking)
/// A task made by no session, whose `cancel()` waits until the test releases it, as a real one may
/// wait for URLSession's queue. (Darwin deprecates a task's plain initializer, hence Linux only.)
final class HeldCancelTask: URLSessionDataTask, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    override func cancel() {
        entered.signal()
        _ = release.wait(timeout: .now() + 30)
    }
}
#endif

/// Runs blocking waits on a thread of their own, never on one of Swift's cooperative threads.
func onAThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
