import Synchronization

/// A value that tests share between threads: a closure handed to another thread, a delegate callback
/// and the test body each read and change it under one lock. Tests used to write a small
/// `@unchecked Sendable` class for this each time; this one is checked by the compiler instead,
/// because `Mutex` is `Sendable` whenever its value can be sent.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// A copy of the value as it is now.
    public var value: Value {
        mutex.withLock { $0 }
    }

    /// Reads and changes the value in one step, so that no other thread sees it half-changed.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }
}
