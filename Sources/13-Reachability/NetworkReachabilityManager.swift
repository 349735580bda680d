import Foundation
import Locking

// listing: reachability-notification
extension Notification.Name {
    /// AFNetworking's `AFNetworkingReachabilityDidChangeNotification`. `object` is the manager (the
    /// header says there is none; the code has always sent the manager), and `userInfo` holds the
    /// status's raw value under `ReachabilityNotificationKey.status`.
    public static let reachabilityDidChange = Notification.Name("com.alamofire.networking.reachability.change")
}

/// The `userInfo` key of `reachabilityDidChange` (AFNetworking's `AFNetworkingReachabilityNotificationStatusItem`).
public enum ReachabilityNotificationKey {
    /// An `Int`, the status's raw value, as AFNetworking's `NSNumber`.
    public static let status = "AFNetworkingReachabilityNotificationStatusItem"
}
// end-listing

extension NetworkReachabilityStatus {
    /// The status a `reachabilityDidChange` notification carries; nil for any other notification.
    public init?(_ notification: Notification) {
        guard notification.name == .reachabilityDidChange,
            let raw = notification.userInfo?[ReachabilityNotificationKey.status] as? Int
        else { return nil }
        self.init(rawValue: raw)
    }
}

/// AFNetworking's `AFNetworkReachabilityManager`: the status of a target, from a source that watches
/// the system (`KernelReachabilitySource` on Linux, `PathMonitorSource` on Apple platforms),
/// delivered on one queue, in order, to a block and as a notification.
///
/// Reachability says whether a request *could* leave the device, never whether it will succeed:
/// send the request anyway, and use the status to explain a failure or to time a retry.
public final class NetworkReachabilityManager: Sendable {
    /// AFNetworking's `sharedManager`: the whole device's routing, delivered on the main queue.
    public static let shared = NetworkReachabilityManager()

    public let source: any ReachabilitySource
    /// Where the status is set and the block and the notification run: main, as in AFNetworking.
    public let queue: DispatchQueue
    public let notificationCenter: NotificationCenter
    private let state = Protected(State())

    private struct State {
        var status = NetworkReachabilityStatus.unknown
        var interface: NetworkInterface?
        var block: (@Sendable (NetworkReachabilityStatus) -> Void)?
        /// The `startMonitoring` call the source's reports belong to; 0 while not monitoring.
        var run = 0
        var runs = 0
    }

    /// A manager of `target` (AFNetworking's `manager`, or `managerForAddress:`), with the
    /// platform's own source.
    public convenience init(
        target: ReachabilityTarget = .internet, queue: DispatchQueue = .main,
        notificationCenter: NotificationCenter = .default
    ) {
        self.init(source: Self.systemSource(for: target), queue: queue, notificationCenter: notificationCenter)
    }

    /// A manager of whatever `source` watches (AFNetworking's `initWithReachability:`).
    public init(
        source: any ReachabilitySource, queue: DispatchQueue = .main, notificationCenter: NotificationCenter = .default
    ) {
        self.source = source
        self.queue = queue
        self.notificationCenter = notificationCenter
    }

    deinit {
        stopMonitoring()
    }

    static func systemSource(for target: ReachabilityTarget) -> any ReachabilitySource {
        #if os(Linux)
        KernelReachabilitySource(target: target)
        #elseif canImport(Network)
        PathMonitorSource()
        #else
        UnavailableSource()
        #endif
    }

    /// The status last delivered; `.unknown` until the first delivery.
    public var networkReachabilityStatus: NetworkReachabilityStatus { state.withLock { $0.status } }
    public var isReachable: Bool { networkReachabilityStatus.isReachable }
    public var isReachableViaWWAN: Bool { networkReachabilityStatus == .reachableViaWWAN }
    public var isReachableViaWiFi: Bool { networkReachabilityStatus == .reachableViaWiFi }
    /// Beyond AFNetworking: the interface of the last delivery, when the source could tell, with its
    /// kind (on Linux, "WiFi" in the status means "not cellular"; the kind says what it is).
    public var interface: NetworkInterface? { state.withLock { $0.interface } }
    /// `localizedNetworkReachabilityStatusString`.
    public var localizedNetworkReachabilityStatusString: String { networkReachabilityStatus.description }

    /// AFNetworking's `setReachabilityStatusChangeBlock:`; nil removes it.
    public func setReachabilityStatusChangeBlock(_ block: (@Sendable (NetworkReachabilityStatus) -> Void)?) {
        state.withLock { $0.block = block }
    }

    // listing: start-monitoring
    /// Starts (again) watching the source. Its first report, the current state, is delivered like
    /// any change: AFNetworking fetches the flags at once rather than wait for a change.
    public func startMonitoring() throws(ReachabilityError) {
        stopMonitoring()
        let run = state.withLock { state in
            state.runs += 1
            state.run = state.runs
            return state.runs
        }
        do {
            try source.start { [weak self] snapshot in self?.deliver(snapshot, from: run) }
        } catch {
            state.withLock { if $0.run == run { $0.run = 0 } }
            throw error
        }
    }

    /// Stops watching. The status stays what it was, as in AFNetworking.
    public func stopMonitoring() {
        let wasMonitoring = state.withLock { state in
            defer { state.run = 0 }
            return state.run != 0
        }
        if wasMonitoring { source.stop() }
    }
    // end-listing

    // listing: deliver-in-order
    /// One report, delivered as AFNetworking's `AFPostReachabilityStatusChange` delivers it: queued,
    /// so that reports are delivered in the order they came; then, on the queue, the status set first
    /// (the block and the observers read the new one), the block, and last the notification.
    private func deliver(_ snapshot: ReachabilitySnapshot, from run: Int) {
        guard state.withLock({ $0.run == run }) else { return }  // a late report of a stopped run
        let status = NetworkReachabilityStatus(flags: snapshot.flags)
        queue.async { [self] in
            let block = state.withLock { state in
                state.status = status
                state.interface = snapshot.interface
                return state.block
            }
            block?(status)
            notificationCenter.post(
                name: .reachabilityDidChange, object: self,
                userInfo: [ReachabilityNotificationKey.status: status.rawValue])
        }
    }
    // end-listing
}

/// A platform with neither netlink nor Network.framework: monitoring cannot start.
final class UnavailableSource: ReachabilitySource {
    func start(reporting report: @escaping @Sendable (ReachabilitySnapshot) -> Void) throws(ReachabilityError) {
        throw .unsupportedPlatform
    }

    func stop() {}
}
