import Synchronization

/// A map from task identifier to a value (in the manager, a task delegate), safe to use from any
/// thread: chapter 9's `TaskDelegateMap`, for any `Sendable` value.
///
/// Keep the whole dictionary in one `Mutex` (`import Synchronization`), hold the lock for one
/// dictionary operation at a time, and never call out while holding it.
public final class TaskMap<Value: Sendable>: Sendable {
    // TODO(9.1): store the dictionary behind a Mutex, and make every member below use it.

    public init() {}

    /// The value for this identifier, or nil.
    public subscript(taskIdentifier: Int) -> Value? {
        nil
    }

    /// Stores the value, replacing any earlier one.
    public func set(_ value: Value, for taskIdentifier: Int) {}

    /// Stores the value only if the identifier has none yet; says whether it did.
    @discardableResult
    public func setIfAbsent(_ value: Value, for taskIdentifier: Int) -> Bool {
        false
    }

    /// Removes and returns the value.
    @discardableResult
    public func remove(_ taskIdentifier: Int) -> Value? {
        nil
    }

    /// How many identifiers have a value.
    public var count: Int {
        0
    }
}
