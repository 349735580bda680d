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
    // TODO(9.2): this is AFNetworking's arithmetic: one more on a resume, one fewer on a suspend or
    // a completion, never below zero. It gives wrong answers. Find a sequence of notifications the
    // manager really posts that makes `value` wrong, then make it right.
    private let count = Protected(0)

    var value: Int {
        count.withLock { $0 }
    }

    func didResume(_ task: URLSessionTask) {
        count.withLock { $0 += 1 }
    }

    func didSuspend(_ task: URLSessionTask) {
        count.withLock { $0 = max($0 - 1, 0) }
    }

    func didComplete(_ task: URLSessionTask) {
        count.withLock { $0 = max($0 - 1, 0) }
    }
}
