import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NetworkActivity
import SessionManager
import TaskDelegates
import TestSupport

/// An activity indicator on a clock that moves only when told, its own queue and notification
/// center, and a record of what its action was told and when ("shown at 1.0").
final class IndicatorHarness: Sendable {
    let clock = ManualActivityClock()
    let queue = TestQueue.named("indicator")
    let center = NotificationCenter()
    let indicator: NetworkActivityIndicatorManager
    let shown = Locked<[String]>([])
    /// Tasks to post notifications about; none is ever resumed (no request is sent).
    let session = URLSession(configuration: .withoutCache)

    init(enabled: Bool = true) {
        indicator = NetworkActivityIndicatorManager(notificationCenter: center, queue: queue, clock: clock)
        let (clock, shown) = (clock, shown)
        indicator.setNetworkingActivityAction { visible in
            shown.withLock { $0.append("\(visible ? "shown" : "hidden") at \(clock.now) on \(TestQueue.current)") }
        }
        indicator.isEnabled = enabled
        settle()
    }

    deinit {
        session.invalidateAndCancel()
    }

    func task() -> URLSessionTask {
        session.dataTask(with: URL(string: "http://127.0.0.1:9/indicator")!)
    }

    /// Posts what chapters 8 and 9 post for `task`, and lets the indicator act on it.
    func post(_ name: Notification.Name, _ task: URLSessionTask) {
        center.post(name: name, object: task)
        settle()
    }

    func resume(_ task: URLSessionTask) { post(.taskDidResume, task) }
    func suspend(_ task: URLSessionTask) { post(.taskDidSuspend, task) }
    func complete(_ task: URLSessionTask) { post(.taskDidComplete, task) }

    func advance(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        settle()
    }

    func settle() {
        queue.sync {}
    }

    /// What the action was told, without the queue's name (each entry says "on indicator").
    var events: [String] {
        shown.withLock { $0 }.map { $0.replacingOccurrences(of: " on indicator", with: "") }
    }
}

extension URLSessionConfiguration {
    /// An ephemeral configuration without a URL cache.
    static var withoutCache: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return configuration
    }
}
