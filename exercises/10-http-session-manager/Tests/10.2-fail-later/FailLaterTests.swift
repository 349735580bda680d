import Chapter10Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import Testing

@Suite("10.2 The colleague's sync")
struct FailLaterTests {
    struct Unbuildable: Error, Equatable {
        let id = UUID()
    }

    /// One call of `taskOrFailure` whose task cannot be made, watched from outside: what happened,
    /// in order ("returned", "failure", and "batch done" when the completion group, watched with
    /// a `notify` set right after the call, is empty), and what the failure closure received.
    final class Watch: Sendable {
        struct Failure: Sendable {
            var hadTask: Bool
            var error: Unbuildable?
            var onCompletionQueue: Bool
        }

        let queue: DispatchQueue
        let group = DispatchGroup()
        /// Where the group's `notify` runs: a queue of its own, free while the completion queue is held.
        let batch = DispatchQueue(label: "10.2.batch")
        let error = Unbuildable()
        let events = Protected<[String]>([])
        let batchDoneWhileHeld = Protected(false)
        let failures = Protected<[Failure]>([])
        private let key = DispatchSpecificKey<Bool>()

        init() {
            queue = DispatchQueue(label: "10.2.completion")
            queue.setSpecific(key: key, value: true)
        }

        /// Calls `taskOrFailure` with a `create` that throws, and records the return.
        func call() {
            let (key, error) = (key, error)
            let task = taskOrFailure(completionQueue: queue, completionGroup: group, failure: { task, received in
                self.failures.withLock {
                    $0.append(Failure(
                        hadTask: task != nil, error: received as? Unbuildable,
                        onCompletionQueue: DispatchQueue.getSpecific(key: key) == true))
                }
                self.events.withLock { $0.append("failure") }
            }) { throw error }
            // A batch that waits for this request: set right after the call, as a caller would.
            group.notify(queue: batch) { self.events.withLock { $0.append("batch done") } }
            events.withLock { $0.append(task == nil ? "returned" : "returned a task") }
        }

        /// `call()` on a thread of its own, which can wait without holding up the test.
        func callOnAnotherThread() {
            Thread { self.call() }.start()
        }

        var returned: Bool { events.withLock { $0.contains { $0.hasPrefix("returned") } } }

        /// Waits until the call has returned, for at most 10 seconds: a call that does not return
        /// while the completion queue is busy is waiting for that queue, and would wait forever.
        func waitForReturn() async -> Bool {
            var waited = 0
            while !returned && waited < 1000 {
                try? await Task.sleep(nanoseconds: 10_000_000)
                waited += 1
            }
            return returned
        }

        /// Waits until the completion queue, then the batch's queue, have run everything
        /// dispatched to them so far.
        func drain() async {
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
            await withCheckedContinuation { continuation in batch.async { continuation.resume() } }
        }

        /// Whether the batch's `notify` has run while the completion queue is still held: then
        /// the group did not count the failure, which has not run yet.
        func batchDoneTooEarly() async -> Bool {
            await withCheckedContinuation { continuation in batch.async { continuation.resume() } }
            return events.withLock { $0.contains("batch done") }
        }
    }

    /// Keeps a serial queue busy until `open()`, as a slow completion handler would.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        init(holding queue: DispatchQueue) { queue.async { self.semaphore.wait() } }
        func open() { semaphore.signal() }
    }

    /// Calls `taskOrFailure` from another thread while its completion queue is busy. True when it
    /// returned without waiting for the queue; otherwise records why, and lets the call finish.
    /// Notes in `watch.batchDoneWhileHeld` whether the group's `notify` ran while the queue was
    /// still held.
    func returnsWhileTheQueueIsBusy(_ watch: Watch) async -> Bool {
        let gate = Gate(holding: watch.queue)
        watch.callOnAnotherThread()
        guard await watch.waitForReturn() else {
            Issue.record("""
                taskOrFailure had not returned after 10 seconds while its completion queue was busy \
                with an earlier block: it waits for the queue (a `sync`?). Called from the completion \
                queue itself, it would wait for itself, and libdispatch stops the process.
                """)
            gate.open()
            _ = await watch.waitForReturn()
            return false
        }
        let early = await watch.batchDoneTooEarly()
        watch.batchDoneWhileHeld.withLock { $0 = early }
        gate.open()
        return true
    }

    @Test("A task that can be made is returned as it is; one that cannot: nil, and failure gets no task and the very error, once, on the completion queue")
    func failure() async throws {
        let made = URLSession(configuration: .ephemeral).dataTask(with: URL(string: "http://127.0.0.1:1/")!)
        let madeWatch = Watch()
        let returned = taskOrFailure(completionQueue: madeWatch.queue, completionGroup: madeWatch.group, failure: { _, _ in
            madeWatch.events.withLock { $0.append("failure") }
        }) { made }
        #expect(returned === made, "taskOrFailure did not return the task create made")
        await madeWatch.drain()
        #expect(madeWatch.events.withLock { $0 }.isEmpty, "failure ran although the task was made")

        let watch = Watch()
        guard await returnsWhileTheQueueIsBusy(watch) else { return }
        await watch.drain()
        #expect(!watch.events.withLock { $0 }.contains("returned a task"), "taskOrFailure returned a task although create threw")
        let failures = watch.failures.withLock { $0 }
        #expect(failures.count == 1, "failure ran \(failures.count) times; once is right")
        let failure = try #require(failures.first)
        let (hadTask, sameError, onCompletionQueue) = (failure.hadTask, failure.error == watch.error, failure.onCompletionQueue)
        #expect(!hadTask, "failure got a task; there is none when create throws")
        #expect(sameError, "failure did not get the error create threw")
        #expect(onCompletionQueue, "failure ran on another queue, not on the completion queue")

        // Without a failure closure there is nothing to wait for: the group stays empty.
        let silent = Watch()
        let none = taskOrFailure(completionQueue: silent.queue, completionGroup: silent.group, failure: nil) { throw silent.error }
        #expect(none == nil)
        await silent.drain()
        #expect(silent.group.wait(timeout: .now()) == .success, "with no failure closure, the group was left holding a request")
    }

    @Test("The call returns at once while the completion queue is busy; failure runs only after, inside the group, and a batch waiting on the group waits for it")
    func busyQueue() async throws {
        let watch = Watch()
        guard await returnsWhileTheQueueIsBusy(watch) else { return }
        let early = watch.batchDoneWhileHeld.withLock { $0 }
        #expect(!early, """
            the completion group was empty while the failure still waited for the completion queue: \
            a batch waiting on the group finished without this request
            """)
        await watch.drain()
        let events = watch.events.withLock { $0 }
        let inOrder = events == ["returned", "failure", "batch done"]
        #expect(inOrder, "the order was \(events): failure must run after the call has returned, and the batch after the failure")
    }

    @Test("Called from the completion queue itself (a handler starting the next request), the call returns first")
    func onTheQueue() async throws {
        // Tried only once a busy queue has shown that the call does not wait for it: a call that
        // does would wait for itself here, and the process would stop.
        guard await returnsWhileTheQueueIsBusy(Watch()) else { return }
        let watch = Watch()
        watch.queue.async { watch.call() }
        await watch.drain()
        await watch.drain()
        let events = watch.events.withLock { $0 }
        let inOrder = events == ["returned", "failure", "batch done"]
        #expect(inOrder, "the order was \(events): failure must run after the call has returned, and the batch after the failure")
    }

    // The predictions are about the colleague's version, with `sync`: a serial queue runs one block
    // at a time, and `sync` returns only once its block has run.

    @Test("Prediction 1: the colleague's version, called while the completion queue is idle")
    func predictIdle() throws {
        let prediction = try #require(Predictions.idleQueue, "Predictions.idleQueue is still nil")
        let isRight = prediction == .failureRunsAtOnceThenTheCallReturns
        #expect(
            isRight,
            "not \(prediction): `sync` hands the block to the queue, and then what does it wait for? Is there anything ahead of it?")
    }

    @Test("Prediction 2: the colleague's version, called while the completion queue runs a slow handler")
    func predictBusy() throws {
        let prediction = try #require(Predictions.busyQueue, "Predictions.busyQueue is still nil")
        let isRight = prediction == .callWaitsForTheQueueThenFailureRunsThenItReturns
        #expect(
            isRight,
            "not \(prediction): the completion queue is serial, and busy; when can the `sync` block start?")
    }

    @Test("Prediction 3: the colleague's version, called from a handler on the completion queue")
    func predictOnTheQueue() throws {
        let prediction = try #require(Predictions.onTheQueue, "Predictions.onTheQueue is still nil")
        let isRight = prediction == .processStops
        #expect(
            isRight,
            "not \(prediction): the `sync` block waits for the block that is running now, which is the caller; libdispatch checks for that")
    }
}
