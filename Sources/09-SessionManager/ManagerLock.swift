import Foundation
import Synchronization

#if AFN_THREAD_SANITIZER
// listing: manager-lock-sanitizer
/// The manager's lock in a thread-sanitizer build: the same shape as `Mutex`, over an `NSLock`.
///
/// The thread sanitizer learns that a lock orders two threads by watching the lock's calls. It
/// watches `pthread_mutex_lock` (which `NSLock` uses), but on Linux a contended `Mutex` waits in
/// the standard library's own futex code, which the sanitizer never sees: two threads that took
/// turns through a `Mutex` look to it like a race. Build with `-Xswiftc -DAFN_THREAD_SANITIZER`
/// and the manager's state is guarded by a lock the sanitizer can follow, so that what it reports
/// is real. Which accesses happen under the lock does not change.
public final class ManagerLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
// end-listing
#else
/// The manager's lock: `Synchronization.Mutex`. (A thread-sanitizer build swaps in an `NSLock`
/// of the same shape; see the `AFN_THREAD_SANITIZER` branch above.) Chapter 10's manager, a
/// subclass, locks with it too.
public typealias ManagerLock<Value> = Mutex<Value>
#endif
