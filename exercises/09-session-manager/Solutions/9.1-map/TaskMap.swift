import Synchronization

/// A map from task identifier to a value (in the manager, a task delegate), safe to use from any
/// thread: chapter 9's `TaskDelegateMap`, for any `Sendable` value.
///
/// Keep the whole dictionary in one `Mutex` (`import Synchronization`), hold the lock for one
/// dictionary operation at a time, and never call out while holding it.
public final class TaskMap<Value: Sendable>: Sendable {
    private let values = Mutex<[Int: Value]>([:])

    public init() {}

    /// The value for this identifier, or nil.
    public subscript(taskIdentifier: Int) -> Value? {
        values.withLock { $0[taskIdentifier] }
    }

    /// Stores the value, replacing any earlier one.
    public func set(_ value: Value, for taskIdentifier: Int) {
        values.withLock { $0[taskIdentifier] = value }
    }

    /// Stores the value only if the identifier has none yet; says whether it did. The check and
    /// the store happen under one lock: two threads cannot both see "absent".
    @discardableResult
    public func setIfAbsent(_ value: Value, for taskIdentifier: Int) -> Bool {
        values.withLock { values in
            guard values[taskIdentifier] == nil else { return false }
            values[taskIdentifier] = value
            return true
        }
    }

    /// Removes and returns the value.
    @discardableResult
    public func remove(_ taskIdentifier: Int) -> Value? {
        values.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    /// How many identifiers have a value.
    public var count: Int {
        values.withLock { $0.count }
    }
}
