import Locking
import TaskDelegates

// listing: delegate-map
/// The manager's map from `taskIdentifier` to the task's delegate (AFNetworking's
/// `mutableTaskDelegatesKeyedByTaskIdentifier`, guarded there by an `NSLock`).
///
/// Tasks are created on the caller's thread, their events arrive on the session's delegate queue,
/// and `uploadProgress(for:)` may be asked from anywhere: so every access goes through one
/// `Mutex`. Each method holds the lock for one dictionary operation and never calls out while
/// holding it, so no handler, notification or URLSession call can ever run under the lock.
public final class TaskDelegateMap: Sendable {
    private let delegates = Protected<[Int: TaskDelegate]>([:])

    public init() {}

    /// The delegate of the task with this identifier, if it is still running.
    public subscript(taskIdentifier: Int) -> TaskDelegate? {
        delegates.withLock { $0[taskIdentifier] }
    }

    /// Gives a task its delegate (replacing any earlier one for the same identifier).
    public func set(_ delegate: TaskDelegate, for taskIdentifier: Int) {
        delegates.withLock { $0[taskIdentifier] = delegate }
    }

    /// Adds the delegate only if the task has none yet, and says whether it did.
    @discardableResult
    public func setIfAbsent(_ delegate: TaskDelegate, for taskIdentifier: Int) -> Bool {
        delegates.withLock { map in
            guard map[taskIdentifier] == nil else { return false }
            map[taskIdentifier] = delegate
            return true
        }
    }

    /// Takes the task's delegate out of the map and returns it: the last reference the manager
    /// held, so that once its completion has run, the delegate is freed.
    @discardableResult
    public func remove(_ taskIdentifier: Int) -> TaskDelegate? {
        delegates.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    /// How many tasks have a delegate: 0 once every task has completed.
    public var count: Int {
        delegates.withLock { $0.count }
    }
}
// end-listing
