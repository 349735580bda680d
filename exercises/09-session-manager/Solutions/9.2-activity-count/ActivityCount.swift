import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SessionManager
import TaskDelegates

/// How many of a manager's tasks are running right now, counted from the notifications the manager
/// posts, the way AFNetworking's network activity indicator counts (`AFNetworkActivityIndicatorManager`
/// observes the same three notifications).
public final class ActivityCount: Sendable {
    private let center: NotificationCenter
    private let tally: Tally
    private let observers: Protected<[any NSObjectProtocol]>

    /// How many of the manager's tasks are running now.
    public var value: Int {
        tally.value
    }

    /// Counts the tasks of the manager that posts to `center` (give the manager the same center).
    public init(observing center: NotificationCenter) {
        let tally = Tally()
        self.center = center
        self.tally = tally
        observers = Protected([
            center.addObserver(forName: .taskDidResume, object: nil, queue: nil) {
                if let task = $0.object as? URLSessionTask { tally.didResume(task) }
            },
            center.addObserver(forName: .taskDidSuspend, object: nil, queue: nil) {
                if let task = $0.object as? URLSessionTask { tally.didSuspend(task) }
            },
            center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) {
                if let task = $0.object as? URLSessionTask { tally.didComplete(task) }
            },
        ])
    }

    deinit {
        for token in observers.withLock({ $0 }) { center.removeObserver(token) }
    }
}

/// What the count remembers, changed by the three notifications; they may arrive on any thread.
final class Tally: Sendable {
    /// The tasks running now, by identity. A count cannot tell a task that is counted from one that
    /// is not: a suspended task that then completes would be counted out twice, and a task that
    /// completes without ever running (an invalidation's clean-up) would be counted out once too
    /// often. A set of tasks can. (A task's number would not do: two sessions number their tasks
    /// alike. The identity of a task is safe here because a task leaves the set when it completes,
    /// and the manager holds every task until then.)
    private let running = Protected<Set<ObjectIdentifier>>([])

    var value: Int {
        running.withLock { $0.count }
    }

    func didResume(_ task: URLSessionTask) {
        _ = running.withLock { $0.insert(ObjectIdentifier(task)) }
    }

    func didSuspend(_ task: URLSessionTask) {
        _ = running.withLock { $0.remove(ObjectIdentifier(task)) }
    }

    func didComplete(_ task: URLSessionTask) {
        _ = running.withLock { $0.remove(ObjectIdentifier(task)) }
    }
}
