import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import Locking

extension HTTPSessionManager {
    // listing: make-task
    /// Makes a task with `create`. When `create` throws (the request could not be built, or the
    /// session was invalidated), returns nil and dispatches `failure(nil, error)` to the
    /// completion queue, as AFNetworking does: never called in place, nor with `sync`.
    func makeTask<Task: URLSessionDataTask>(
        success: Success?, failure: Failure?, _ create: (@escaping CompletionHandler) throws -> Task
    ) -> Task? {
        let slot = TaskSlot()
        do {
            let task = try create { _, object, error in
                let outcome = Handoff(object: object, error: error)
                slot.whenSet { task in
                    if let error = outcome.error { failure?(task, error) } else { success?(task, outcome.object) }
                }
            }
            slot.set(task, waitingWorkOn: completionQueue)
            return task
        } catch {
            if let failure { completionQueue.async { failure(nil, error) } }
            return nil
        }
    }
    // end-listing
}

/// The task a completion handler reports, which exists only once the handler has been given to
/// the task: so the handler finds it here. The task is set right after it is made and before it
/// is resumed; should an invalidation complete it in between, the handler's work waits here
/// until the task is set, instead of being lost, and then goes to the completion queue, never
/// runs on the thread that called the verb (which has not even been handed the task yet).
package final class TaskSlot: Sendable {
    private enum State {
        case empty
        case task(URLSessionDataTask)
        case waiting(@Sendable (URLSessionDataTask) -> Void)
    }

    private let state = Protected(State.empty)

    package init() {}

    /// Fills the slot. Work that was waiting for the task is dispatched to `queue`.
    package func set(_ task: URLSessionDataTask, waitingWorkOn queue: DispatchQueue) {
        let waiting = state.withLock { state -> (@Sendable (URLSessionDataTask) -> Void)? in
            guard case .waiting(let work) = state else {
                state = .task(task)
                return nil
            }
            state = .empty
            return work
        }
        if let waiting { queue.async { waiting(task) } }
    }

    /// Runs `work` with the task: now if it is set, else as soon as it is. The slot lets go of the
    /// task afterwards, so that it does not outlive its completion.
    package func whenSet(_ work: @escaping @Sendable (URLSessionDataTask) -> Void) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard case .task(let task) = state else {
                state = .waiting(work)
                return nil
            }
            state = .empty
            return task
        }
        task.map(work)
    }
}

/// A response object and an error handed from the queue that made them to the closure that
/// reports them. `Any` is not `Sendable` (a JSON dictionary is a reference type on Darwin), so,
/// as chapter 8's `Outcome`, this is an ownership hand-off: made once, never changed, and the
/// queue that made it does not touch the object again.
struct Handoff: @unchecked Sendable {
    let object: Any?
    let error: (any Error)?
}
