/// What reachability is asked about: AFNetworking's `manager` (the zero address, which
/// SCNetworkReachability reads as "the device's routing in general") or `managerForAddress:`.
public enum ReachabilityTarget: Sendable, Hashable {
    /// Is there a way out at all: a default route through a working interface.
    case internet
    /// Is there a route to this address through a working interface.
    case address(IPAddress)
}

/// The kind of interface a route leaves through, as far as the platform can tell.
public enum InterfaceKind: Sendable, Hashable, CustomStringConvertible {
    case wifi
    case cellular
    /// Ethernet, as far as Linux can tell: a phone shared over USB looks the same.
    case wired
    case loopback
    /// A link made in software (`veth`, `bridge`, `tun`, `wireguard`…): what carries its traffic
    /// further is not known from here.
    case virtual(String)
    /// Nothing said what it is.
    case unknown

    public var description: String {
        switch self {
        case .wifi: "Wi-Fi"
        case .cellular: "cellular"
        case .wired: "wired"
        case .loopback: "loopback"
        case .virtual(let kind): "virtual (\(kind))"
        case .unknown: "unknown"
        }
    }
}

/// The interface a route to the target leaves through.
public struct NetworkInterface: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// The kernel's interface index (0 where the platform has none to give).
    public var index: Int32
    public var kind: InterfaceKind

    public init(name: String, index: Int32, kind: InterfaceKind) {
        self.name = name
        self.index = index
        self.kind = kind
    }

    public var description: String { "\(name) (\(kind))" }
}

/// What a source knows at one moment: SCNetworkReachability's flags (read from the routing tables
/// on Linux) and, when it can tell, the interface the traffic would leave through.
public struct ReachabilitySnapshot: Sendable, Hashable, CustomStringConvertible {
    public var flags: ReachabilityFlags
    public var interface: NetworkInterface?

    public init(flags: ReachabilityFlags, interface: NetworkInterface? = nil) {
        self.flags = flags
        self.interface = interface
    }

    public var description: String { "\(flags)" + (interface.map { " via \($0)" } ?? "") }
}

// listing: reachability-source
/// Where a manager's reports come from: the kernel's tables on Linux (`KernelReachabilitySource`),
/// `NWPathMonitor` on Apple platforms (`PathMonitorSource`), or a test's own script.
public protocol ReachabilitySource: AnyObject, Sendable {
    /// Starts watching. `report` gets the current state as soon as it is known, then every change,
    /// one call at a time, in the order the changes happened.
    func start(reporting report: @escaping @Sendable (ReachabilitySnapshot) -> Void) throws(ReachabilityError)
    /// Stops watching. A source may still be finishing a report when this returns; the manager
    /// ignores reports from a run it has stopped.
    func stop()
}
// end-listing

/// Why monitoring could not start.
public enum ReachabilityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed: its name and `errno`.
    case system(call: String, errno: Int32)
    /// This platform has no source the course knows of.
    case unsupportedPlatform
    /// `waitUntilCurrent` ran out of time.
    case timedOut(seconds: Double)
    /// The source's reading thread stopped on an error it could not recover from.
    case stopped(String)

    public var description: String {
        switch self {
        case .system(let call, let errno): "\(call) failed with errno \(errno)"
        case .unsupportedPlatform: "no reachability source on this platform"
        case .timedOut(let seconds): "the kernel did not answer within \(seconds) s"
        case .stopped(let reason): "monitoring stopped: \(reason)"
        }
    }
}
