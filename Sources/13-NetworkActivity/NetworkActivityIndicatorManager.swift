import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SessionManager
import TaskDelegates

/// AFNetworking's `AFNetworkActivityIndicatorManager`: shows that the app is using the network
/// while its tasks run, after a delay (a request over in less than a second shows nothing) and
/// with a short grace at the end (back-to-back requests show one spinner, not a flicker).
///
/// It counts the tasks of every manager that posts to its notification center, from chapters 8
/// and 9's resume, suspend and completion notifications. On iOS it drove the status bar's spinner;
/// here the visibility goes to `setNetworkingActivityAction(_:)`, for whatever the app shows.
public final class NetworkActivityIndicatorManager: Sendable {
    /// AFNetworking's four states (`AFNetworkActivityManagerState`).
    package enum State: Sendable, Equatable {
        case notActive
        /// Tasks run; the indicator shows when the activation delay ends, if any still do.
        case delayingStart
        case active
        /// No task runs; the indicator hides when the completion delay ends, unless one starts.
        case delayingEnd
    }

    /// AFNetworking's `sharedManager`: every task posted to the default center, shown on main.
    public static let shared = NetworkActivityIndicatorManager()

    public let notificationCenter: NotificationCenter
    /// Where the state changes and the action runs: main, as in AFNetworking.
    public let queue: DispatchQueue
    public let clock: any ActivityClock
    let machine = Protected(Machine())
    let observers = Protected(ObserverTokens())

    struct Machine {
        var isEnabled = false
        var activationDelay: TimeInterval = 1.0
        var completionDelay: TimeInterval = 0.17
        var state = State.notActive
        var isVisible = false
        var running = RunningTasks()
        var manualCount = 0
        var activationTimer: (id: Int, action: ScheduledAction)?
        var completionTimer: (id: Int, action: ScheduledAction)?
        var timers = 0
        var action: (@Sendable (Bool) -> Void)?

        var isNetworkActivityOccurring: Bool { running.count + manualCount > 0 }
    }

    public init(
        notificationCenter: NotificationCenter = .default, queue: DispatchQueue = .main,
        clock: any ActivityClock = DispatchActivityClock()
    ) {
        self.notificationCenter = notificationCenter
        self.queue = queue
        self.clock = clock
        observeTasks()
    }

    deinit {
        for observer in observers.withLock({ $0 }).tokens { notificationCenter.removeObserver(observer) }
        machine.withLock { machine in
            machine.activationTimer?.action.cancel()
            machine.completionTimer?.action.cancel()
        }
    }

    /// AFNetworking's `enabled`: off until the app turns it on. Turning it off hides the indicator
    /// at once; turning it on shows the tasks already running (after the delay), where AFNetworking
    /// waits for the next task to start or end.
    public var isEnabled: Bool {
        get { machine.withLock { $0.isEnabled } }
        set {
            machine.withLock { $0.isEnabled = newValue }
            queue.async { [weak self] in newValue ? self?.activityDidChange() : self?.disable() }
        }
    }

    /// How long tasks must have run before the indicator shows: 1 s by default.
    public var activationDelay: TimeInterval {
        get { machine.withLock { $0.activationDelay } }
        set { machine.withLock { $0.activationDelay = newValue } }
    }

    /// How long no task must run before the indicator hides: 0.17 s by default.
    public var completionDelay: TimeInterval {
        get { machine.withLock { $0.completionDelay } }
        set { machine.withLock { $0.completionDelay = newValue } }
    }

    public var isNetworkActivityIndicatorVisible: Bool { machine.withLock { $0.isVisible } }
    /// The state, for the tests (AFNetworking keeps it private).
    package var state: State { machine.withLock { $0.state } }
    /// The tasks running now, plus the increments not yet decremented.
    public var activityCount: Int { machine.withLock { $0.running.count + $0.manualCount } }

    /// AFNetworking's `setNetworkingActivityActionWithBlock:`: called on the queue with the new
    /// visibility each time it changes. On Linux it is the only way the indicator is seen.
    public func setNetworkingActivityAction(_ action: (@Sendable (Bool) -> Void)?) {
        machine.withLock { $0.action = action }
    }

    /// For work that is not a task of a manager: one more thing is using the network.
    public func incrementActivityCount() {
        machine.withLock { $0.manualCount += 1 }
        queue.async { [weak self] in self?.activityDidChange() }
    }

    /// One fewer; never below zero.
    public func decrementActivityCount() {
        machine.withLock { $0.manualCount = max($0.manualCount - 1, 0) }
        queue.async { [weak self] in self?.activityDidChange() }
    }
}
