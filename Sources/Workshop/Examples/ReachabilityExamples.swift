import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NetworkActivity
import Reachability
import SessionManager
import TaskDelegates

/// Chapter 13's examples.
enum ReachabilityExamples {
    static let all = [flags, spinner]

    static let flags = Example(
        name: "reachability-flags", chapter: 13,
        summary: "the status AFNetworking gives five sets of flags, on an iPhone and elsewhere"
    ) { print in
        // listing: example-reachability-flags
        let cases: [(String, ReachabilityFlags)] = [
            ("Wi-Fi at home", [.reachable, .isDirect]),
            ("cellular", [.reachable, .isWWAN]),
            ("a VPN on demand", [.reachable, .connectionRequired, .connectionOnDemand]),
            (
                "a VPN that wants a password",
                [.reachable, .connectionRequired, .connectionOnDemand, .interventionRequired]
            ),
            ("no route", []),
        ]
        for (name, flags) in cases {
            let phone = NetworkReachabilityStatus(flags: flags, platform: .iPhone)
            let other = NetworkReachabilityStatus(flags: flags, platform: .other)
            print(flags, "\(name):", "\(phone) on an iPhone,", "\(other) elsewhere")
        }
        // end-listing
    }

    static let spinner = Example(
        name: "spinner", chapter: 13, summary: "the activity indicator on a clock the example moves: three requests"
    ) { print in
        // listing: example-spinner
        let (clock, center, queue) = (ManualActivityClock(), NotificationCenter(), DispatchQueue(label: "spinner"))
        let indicator = NetworkActivityIndicatorManager(notificationCenter: center, queue: queue, clock: clock)
        let log = Protected<[String]>([])
        indicator.setNetworkingActivityAction { visible in
            log.withLock { $0.append(String(format: "%.2f s  spinner %@", clock.now, visible ? "shown" : "hidden")) }
        }
        indicator.isEnabled = true
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let url = URL(string: "https://example.com")!
        let (quick, download, next) = (
            session.dataTask(with: url), session.dataTask(with: url), session.dataTask(with: url)
        )
        let timeline: [(Double, Notification.Name, URLSessionTask, String)] = [
            (0.00, .taskDidResume, quick, "a 30 ms request starts"), (0.03, .taskDidComplete, quick, "it ends"),
            (2.00, .taskDidResume, download, "a 3 s download starts"), (5.00, .taskDidComplete, download, "it ends"),
            (5.10, .taskDidResume, next, "the next request starts"), (5.60, .taskDidComplete, next, "it ends"),
        ]
        for (time, name, task, what) in timeline {
            clock.advance(by: time - clock.now)
            log.withLock { $0.append(String(format: "%.2f s  %@", time, what)) }
            center.post(name: name, object: task)
            queue.sync {}
        }
        clock.advance(by: 2)
        for line in log.withLock({ $0 }) { print(line) }
        // end-listing
        session.invalidateAndCancel()
    }
}
