import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates
import TestSupport
import Testing

/// A task's state has one home, its delegate, behind the delegate's lock: whether the manager
/// cancelled the task, whether it has completed, and the body, change together.
@Suite("One truth per task")
struct OneTruthTests {
    @Test(
        "No chunk is taken once the manager has cancelled its task: a cancellation that arrives while a chunk waits is either seen by the chunk or waits for it"
    )
    func noChunkAfterCancellation() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let taken = Locked(0)
            manager.updateHooks { $0.dataTaskDidReceiveData = { _, _, _ in taken.withLock { $0 += 1 } } }
            let task = try manager.dataTask(with: harness.request("/get"))
            let delegate = try #require(manager.taskTable.delegate(for: task))
            // The gate: this thread holds the delegate's lock while a chunk is on its way on the
            // delegate queue and another thread cancels. A chunk that checked for a cancellation
            // somewhere else first now waits here to be appended; a cancellation that records its
            // reason somewhere else finishes meanwhile.
            let cancelledWhileTheChunkWaited = await onAThreadOfItsOwn { () -> Bool in
                let chunkOnItsWay = DispatchSemaphore(value: 0)
                let cancelled = DispatchSemaphore(value: 0)
                var returned = false
                delegate.whileLocked {
                    manager.operationQueue.addOperation {
                        chunkOnItsWay.signal()
                        manager.urlSession(session, dataTask: task, didReceive: Data("chunk".utf8))
                    }
                    chunkOnItsWay.wait()
                    usleep(20_000)  // time for the chunk to get as far as the lock: it only helps a wrong version fail
                    Thread {
                        _ = manager.cancelItself(task, because: .resourceTimedOut)
                        cancelled.signal()
                    }.start()
                    // A cancellation that must take the delegate's lock cannot return while it is held.
                    returned = cancelled.wait(timeout: .now() + 1) == .success
                }
                if !returned { cancelled.wait() }
                return returned
            }
            await onDelegateQueue(of: manager)  // the chunk has been handled by now
            #expect(
                !(cancelledWhileTheChunkWaited && taken.value > 0),
                "the manager cancelled the task while a chunk waited for the delegate's lock, and the chunk was taken afterwards"
            )
        }
    }

    @Test(
        "Once the manager cancelled a task, later events change nothing: no progress report, and the reason, the first one given, decides the error"
    )
    func cancelledTakesNoEvents() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let reports = Locked(0)
            let done = Locked<Completion?>(nil)
            let task = try manager.dataTask(
                with: harness.request("/get"), downloadProgress: { _ in reports.withLock { $0 += 1 } },
                completionHandler: { response, object, error in
                    done.withLock { $0 = Completion(response, object, error) }
                })
            #expect(manager.cancelItself(task, because: .resourceTimedOut))
            #expect(!manager.cancelItself(task, because: .responseRefused), "a second reason must not count")
            let response = try #require(
                HTTPURLResponse(
                    url: harness.server.url("/get"), statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Length": "4"]))
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, dataTask: task, didReceive: response, completionHandler: { _ in })
                manager.urlSession(session, dataTask: task, didReceive: Data("late".utf8))
                manager.urlSession(session, task: task, didCompleteWithError: nil)
            }
            #expect(await eventually { done.value != nil })
            #expect(reports.value == 0, "a cancelled task reported progress")
            #expect(done.value?.urlErrorCode == .timedOut, "completed with \(String(describing: done.value?.error))")
            #expect(!manager.cancelItself(task, because: .responseRefused), "a completed task cannot be cancelled")
        }
    }
}
