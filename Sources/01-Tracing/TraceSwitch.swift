import Locking
import Synchronization

// listing: trace-switch
/// A manager's tracer, kept so that its hot paths can ask for it without the lock: while no tracer
/// is set, the answer is one relaxed atomic load of `isOn`.
package final class TraceSwitch: Sendable {
    @usableFromInline let isOn = Atomic<Bool>(false)
    @usableFromInline let current = Protected<Tracer?>(nil)

    package init() {}

    /// The tracer, or nil. Setting it takes effect for the steps that start afterwards. Reading
    /// it takes the lock only when a tracer is set.
    package var tracer: Tracer? {
        get { isOn.load(ordering: .relaxed) ? current.withLock { $0 } : nil }
        set {
            // The flag changes under the lock, so that two setters racing cannot leave it off
            // while a tracer is set.
            current.withLock { current in
                current = newValue
                isOn.store(newValue != nil, ordering: .releasing)
            }
        }
    }
}
// end-listing

// listing: trace-record
extension TraceSwitch {
    /// Reports a step to the tracer, if there is one; with none, nothing is built or allocated.
    @inlinable
    package func record(
        _ step: TraceStep, task: Int? = nil, on place: @autoclosure () -> String,
        _ detail: @autoclosure () -> String = ""
    ) {
        guard isOn.load(ordering: .relaxed) else { return }
        current.withLock { $0 }?.record(step, task: task, on: place(), detail())
    }
}
// end-listing
