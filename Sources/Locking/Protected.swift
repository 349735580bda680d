#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// listing: protected
/// A value that several threads share, and the lock that guards it: the one lock type of the
/// course, used by every module (Alamofire calls its own `Protected`; AFNetworking uses `NSLock`
/// and `dispatch_sync` on private queues).
///
/// It has `Synchronization.Mutex`'s shape, and all access goes through `withLock`, so a value can
/// never be touched without its lock. Underneath is a `pthread_mutex_t` rather than `Mutex`: the
/// thread sanitizer (`swift test --sanitize=thread`) learns that a lock orders two threads by
/// watching the lock's calls, and it watches `pthread_mutex_lock`. On Linux a contended `Mutex`
/// waits in the standard library's own futex call, which the sanitizer never sees, so two threads
/// that took turns through a `Mutex` look to it like a race.
public final class Protected<Value>: @unchecked Sendable {
    // `@usableFromInline` and `@inlinable` below: a caller in another module then compiles
    // `withLock` for its own types, instead of calling a generic function that looks up the
    // closure's and the result's type metadata at run time, on every call.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value
    // end-listing

    public init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    // listing: protected-with-lock
    /// Runs `body` with the value, under the lock. Keep `body` short, and never call out of it
    /// to code that might take another lock or wait for another thread.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
    // end-listing
}

extension Protected where Value: Sendable {
    /// A copy of the value as it is now.
    @inlinable
    public var value: Value {
        withLock { $0 }
    }
}
