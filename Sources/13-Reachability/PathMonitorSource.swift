#if canImport(Network)
import Dispatch
import Locking
import Network

/// Reachability on Apple platforms: `NWPathMonitor`, Network.framework's successor to
/// SCNetworkReachability. It watches the device's path in general, not a host or an address.
///
/// Not built here: the course is built and tested on Linux, and this file follows Apple's
/// documented API without having been compiled (chapter 13, "Apple platforms").
public final class PathMonitorSource: ReachabilitySource {
    private let monitor = Protected<NWPathMonitor?>(nil)
    private let queue = DispatchQueue(label: "PathMonitorSource")

    public init() {}

    public func start(reporting report: @escaping @Sendable (ReachabilitySnapshot) -> Void) throws(ReachabilityError) {
        let started = NWPathMonitor()
        started.pathUpdateHandler = { path in report(Self.snapshot(of: path)) }
        monitor.withLock { monitor in
            monitor?.cancel()
            monitor = started
        }
        started.start(queue: queue)  // its first update is the current path
    }

    public func stop() {
        monitor.withLock { monitor in
            monitor?.cancel()
            monitor = nil
        }
    }

    /// The path as flags: satisfied is reachable, "requires connection" is reachable with a
    /// connection to bring up; a path over cellular is WWAN.
    static func snapshot(of path: NWPath) -> ReachabilitySnapshot {
        var flags: ReachabilityFlags = []
        switch path.status {
        case .satisfied: flags.insert(.reachable)
        case .requiresConnection: flags.formUnion([.reachable, .connectionRequired])
        case .unsatisfied: break
        @unknown default: break
        }
        let kinds: [(NWInterface.InterfaceType, InterfaceKind)] = [
            (.cellular, .cellular), (.wifi, .wifi), (.wiredEthernet, .wired), (.loopback, .loopback),
        ]
        let kind = kinds.first { path.usesInterfaceType($0.0) }?.1 ?? .unknown
        if kind == .cellular { flags.insert(.isWWAN) }
        let interface = path.availableInterfaces.first.map {
            NetworkInterface(name: $0.name, index: Int32($0.index), kind: kind)
        }
        return ReachabilitySnapshot(flags: flags, interface: interface)
    }
}
#endif
