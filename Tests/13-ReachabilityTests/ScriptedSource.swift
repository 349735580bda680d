import Foundation
import Reachability
import TestSupport

/// A source a test drives by hand: it reports the current snapshot at once when started, as the
/// kernel source does after its first dumps, and whatever `send` is given afterwards. It keeps
/// the reporting closure of every run, so that a test can play a report that comes late.
final class ScriptedSource: ReachabilitySource {
    let current: Locked<ReachabilitySnapshot>
    let reporters = Locked<[@Sendable (ReachabilitySnapshot) -> Void]>([])
    let starts = Locked(0)
    let stops = Locked(0)
    let failure = Locked<ReachabilityError?>(nil)

    init(_ snapshot: ReachabilitySnapshot = ReachabilitySnapshot(flags: [.reachable])) {
        current = Locked(snapshot)
    }

    func start(reporting report: @escaping @Sendable (ReachabilitySnapshot) -> Void) throws(ReachabilityError) {
        if let failure = failure.withLock({ $0 }) { throw failure }
        starts.withLock { $0 += 1 }
        reporters.withLock { $0.append(report) }
        report(current.withLock { $0 })
    }

    func stop() {
        stops.withLock { $0 += 1 }
    }

    /// A change: reported through the latest run's closure.
    func send(_ flags: ReachabilityFlags) {
        let snapshot = ReachabilitySnapshot(flags: flags)
        current.withLock { $0 = snapshot }
        reporters.withLock { $0.last }?(snapshot)
    }
}

/// A manager on a scripted source, its own queue and notification center, and a record of what
/// reached the block and the observers, in order.
final class ScriptedManager: Sendable {
    let source: ScriptedSource
    let queue = TestQueue.named("reachability deliveries")
    let center = NotificationCenter()
    let manager: NetworkReachabilityManager
    /// "block Reachable via WiFi (status Reachable via WiFi, on reachability deliveries)",
    /// "notification Reachable via WiFi (block ran: true)"…
    let events = Locked<[String]>([])
    private let token: Locked<(any NSObjectProtocol)?>

    init(_ source: ScriptedSource = ScriptedSource()) {
        self.source = source
        manager = NetworkReachabilityManager(source: source, queue: queue, notificationCenter: center)
        let (manager, events) = (manager, events)
        manager.setReachabilityStatusChangeBlock { [weak manager] status in
            let seen = manager.map { "\($0.networkReachabilityStatus)" } ?? "gone"
            events.withLock {
                $0.append("block \(status) (status \(seen), on \(TestQueue.current))")
            }
        }
        token = Locked(
            center.addObserver(forName: .reachabilityDidChange, object: nil, queue: nil) {
                [weak manager] notification in
                let status = NetworkReachabilityStatus(notification).map { "\($0)" } ?? "no status"
                let sender =
                    manager != nil && (notification.object as AnyObject?) === manager ? "" : " from another object"
                events.withLock { events in
                    let blockRan = events.last?.hasPrefix("block \(status)") ?? false
                    events.append("notification \(status) (block ran: \(blockRan))\(sender)")
                }
            })
    }

    deinit {
        if let token = token.withLock({ $0 }) { center.removeObserver(token) }
    }

    /// Everything the manager queued so far has run.
    func settle() {
        queue.sync {}
    }

    /// The pair of events one delivery of `status` makes when everything is in order.
    static func delivery(_ status: NetworkReachabilityStatus) -> [String] {
        [
            "block \(status) (status \(status), on reachability deliveries)",
            "notification \(status) (block ran: true)",
        ]
    }
}
