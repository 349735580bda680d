#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// In a debug build the mutex checks who calls it (`PTHREAD_MUTEX_ERRORCHECK`): a thread that
    /// asks again for a lock it holds gets an error, and `withLock` stops the process with a
    /// message, where a plain mutex would wait for itself for ever. Release builds keep the plain,
    /// faster mutex. Every pthread call's result is checked, in both. (swift-nio's `NIOLock` does
    /// the same.)
    public init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        Self.check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        defer { pthread_mutexattr_destroy(&attributes) }
        if Self.isDebugBuild {
            Self.check(
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)), "pthread_mutexattr_settype")
        }
        Self.check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
    }

    deinit {
        Self.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deallocate()
    }

    // listing: protected-with-lock
    /// Runs `body` with the value, under the lock. Keep `body` short, and never call out of it
    /// to code that might take another lock or wait for another thread.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        Self.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer { Self.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        return try body(&value)
    }
    // end-listing
}

extension Protected {
    /// Whether this module was compiled with assertions on (a debug build): `assert` evaluates
    /// its condition only then.
    static var isDebugBuild: Bool {
        var isDebug = false
        assert(
            {
                isDebug = true
                return true
            }())
        return isDebug
    }

    /// Stops the process when a pthread call failed: a lock that cannot be trusted is worse than
    /// none. Inlined into every `withLock`; the message is built only on failure.
    @inlinable
    static func check(_ result: Int32, _ call: StaticString) {
        if result != 0 { failed(result, call) }
    }

    @usableFromInline
    static func failed(_ result: Int32, _ call: StaticString) -> Never {
        if result == EDEADLK {
            fatalError(
                "\(call): this thread already holds this Protected's lock. Something called under `withLock` "
                    + "came back for the same lock (a re-entrant call), which would wait for ever in a release build.")
        }
        fatalError("\(call) failed with error \(result)")
    }
}

extension Protected where Value: Sendable {
    /// A copy of the value as it is now.
    @inlinable
    public var value: Value {
        withLock { $0 }
    }
}
