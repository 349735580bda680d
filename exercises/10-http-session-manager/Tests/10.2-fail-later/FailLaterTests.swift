import Chapter10Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

@Suite("10.2 Fail later")
struct FailLaterTests {
    struct Unbuildable: Error, Equatable {
        let id = UUID()
    }

    /// What the failure closure saw: how often it ran, its task, its error, its queue, and whether
    /// the call had returned by then.
    final class Record: Sendable {
        struct Call: Sendable {
            var hadTask: Bool
            var error: Unbuildable?
            var onCompletionQueue: Bool
            var afterReturn: Bool
        }
        let calls = Mutex<[Call]>([])
        let returned = Mutex(false)
    }

    let key = DispatchSpecificKey<Bool>()

    func queue() -> DispatchQueue {
        let queue = DispatchQueue(label: "10.2.completion")
        queue.setSpecific(key: key, value: true)
        return queue
    }

    /// Waits for the queue to run everything dispatched to it so far, then a little more, so that
    /// a failure dispatched from elsewhere has had its chance (a missing call must not hang).
    func settle(_ queue: DispatchQueue) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    func failing(_ record: Record) -> Failure {
        let key = key
        return { task, error in
            record.calls.withLock {
                $0.append(.init(
                    hadTask: task != nil, error: error as? Unbuildable, onCompletionQueue: DispatchQueue.getSpecific(key: key) == true,
                    afterReturn: record.returned.withLock { $0 }))
            }
        }
    }

    @Test("When the task cannot be made: nil, and failure gets no task and the very error, once, on the completion queue")
    func failure() async throws {
        let completion = queue()
        let record = Record()
        let error = Unbuildable()
        let task = taskOrFailure(completionQueue: completion, failure: failing(record)) { throw error }
        record.returned.withLock { $0 = true }
        #expect(task == nil)
        await settle(completion)
        let calls = record.calls.withLock { $0 }
        #expect(calls.count == 1, "failure ran \(calls.count) times")
        let call = try #require(calls.first)
        #expect(!call.hadTask)
        #expect(call.error == error)
        #expect(call.onCompletionQueue)
    }

    @Test("Failure runs only after the call has returned, even on the completion queue; a task that can be made is returned, nothing called")
    func later() async throws {
        let completion = queue()
        let record = Record()
        // Called from the completion queue itself: a failure called in place, or with `sync`,
        // cannot wait for this block to end.
        let returnedNil = completion.sync {
            defer { record.returned.withLock { $0 = true } }
            return taskOrFailure(completionQueue: completion, failure: failing(record)) { throw Unbuildable() } == nil
        }
        #expect(returnedNil)
        let made = URLSession(configuration: .ephemeral).dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        defer { made.cancel() }
        let returned = taskOrFailure(completionQueue: completion, failure: failing(record)) { made }
        #expect(returned === made)
        await settle(completion)
        let calls = record.calls.withLock { $0 }
        #expect(calls.count == 1, "failure ran \(calls.count) times for one task that could not be made")
        #expect(calls.first?.afterReturn == true, "failure ran before the call returned")
    }
}
