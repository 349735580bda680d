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

    @Test("Cancelled before the task exists: only the flag is set, and start says to cancel the task before resuming it")
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
            #expect(task.state == .suspended)
        }
    }
}
