import Foundation
import Locking

/// The clock an activity indicator's delays run on: the real one, or a test's, which moves only
/// when told to (so that every test of the delays is exact, and instant).
public protocol ActivityClock: Sendable {
    /// Runs `action` on `queue` once `delay` seconds have passed, unless it is cancelled first.
    func schedule(after delay: TimeInterval, on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void)
        -> ScheduledAction
}

/// An action a clock will run; `cancel()` keeps it from running if it has not started.
public struct ScheduledAction: Sendable {
    private let cancelAction: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = cancel
    }

    public func cancel() {
        cancelAction()
    }
}

/// The real clock: Dispatch's timers on the given queue (AFNetworking uses `NSTimer`s on the main
/// run loop).
public struct DispatchActivityClock: ActivityClock {
    public init() {}

    public func schedule(after delay: TimeInterval, on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void)
        -> ScheduledAction
    {
        let isCancelled = Protected(false)
        queue.asyncAfter(deadline: .now() + delay) {
            if !isCancelled.withLock({ $0 }) { action() }
        }
        return ScheduledAction { isCancelled.withLock { $0 = true } }
    }
}

/// A clock that stands still until `advance(by:)`. Time is kept in whole nanoseconds, so that
/// 1.0 + 0.17 is exactly 1.17.
public final class ManualActivityClock: ActivityClock {
    private struct Pending {
        var id: Int
        var deadline: Int64
        var queue: DispatchQueue
        var action: @Sendable () -> Void
    }

    private let state = Protected((now: Int64(0), pending: [Pending](), nextID: 0))

    public init() {}

    /// Seconds since the clock was made.
    public var now: TimeInterval { TimeInterval(state.withLock { $0.now }) / 1e9 }

    public func schedule(after delay: TimeInterval, on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void)
        -> ScheduledAction
    {
        let id = state.withLock { state in
            state.nextID += 1
            state.pending.append(
                Pending(id: state.nextID, deadline: state.now + Self.nanoseconds(delay), queue: queue, action: action))
            return state.nextID
        }
        return ScheduledAction { [state] in state.withLock { $0.pending.removeAll { $0.id == id } } }
    }

    // listing: manual-clock
    /// Moves time on by `seconds`, running each action that falls due, in the order of their times
    /// (of their scheduling, for equal times), each on its queue, and waiting for it. Call it from
    /// outside the queues the actions run on.
    public func advance(by seconds: TimeInterval) {
        let end = state.withLock { $0.now } + Self.nanoseconds(seconds)
        while let due = state.withLock({ state -> Pending? in
            guard
                let next = state.pending.filter({ $0.deadline <= end }).min(by: {
                    ($0.deadline, $0.id) < ($1.deadline, $1.id)
                })
            else { return nil }
            state.pending.removeAll { $0.id == next.id }
            state.now = next.deadline
            return next
        }) {
            due.queue.sync(execute: due.action)
        }
        state.withLock { $0.now = end }
    }
    // end-listing

    static func nanoseconds(_ seconds: TimeInterval) -> Int64 {
        Int64((max(seconds, 0) * 1e9).rounded())
    }
}
