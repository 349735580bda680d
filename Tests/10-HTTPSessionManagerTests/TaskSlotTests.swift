import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import TestSupport
import Testing

/// The slot that hands a verb's task to its completion handler. Each order is forced by the order
/// of the calls, as when an invalidation completes a task between its making and the slot's filling.
@Suite("The task slot between a verb and its handler")
struct TaskSlotTests {
    @Test("Work that waited for the task runs on the completion queue, not on the thread that fills the slot")
    func waitingWorkGoesToTheQueue() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:1/")!)
        let queue = DispatchQueue(label: "completion")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let ranOnQueue = Locked<Bool?>(nil)
        let slot = TaskSlot()
        slot.whenSet { reported in
            #expect(reported === task)
            ranOnQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == true }
        }
        slot.set(task, waitingWorkOn: queue)
        #expect(await eventually { ranOnQueue.value != nil })
        #expect(
            ranOnQueue.value == true,
            "the work ran in place, on the thread that filled the slot, before the verb could return")
    }

    @Test("Work that comes after the task was set runs at once, with that task")
    func laterWorkRunsInPlace() {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:1/")!)
        let slot = TaskSlot()
        slot.set(task, waitingWorkOn: DispatchQueue(label: "unused"))
        let reported = Locked<URLSessionDataTask?>(nil)
        slot.whenSet { task in reported.withLock { $0 = task } }
        #expect(reported.value === task)
    }
}
