import Foundation

/// Holds a session's delegate queue until `release()`: every URLSession callback queued meanwhile
/// waits behind it. A test uses it to force an interleaving (say, new tasks created before an old
/// task's cancellation is delivered) instead of hoping two cores produce it.
package final class DelegateQueueGate: Sendable {
    private let released = DispatchSemaphore(value: 0)

    /// Returns once the gate occupies `queue` (a serial queue: the manager's `operationQueue`).
    package init(_ queue: OperationQueue) {
        let entered = DispatchSemaphore(value: 0)
        queue.addOperation { [released] in
            entered.signal()
            released.wait()
        }
        entered.wait()
    }

    package func release() {
        released.signal()
    }
}
