/// `SCNetworkReachabilityFlags`, bit for bit (SystemConfiguration's values), so that flags read on
/// an Apple platform and flags made from Linux's routing tables go through one rule.
public struct ReachabilityFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The route goes through a connection that comes and goes (a PPP link).
    public static let transientConnection = ReachabilityFlags(rawValue: 1 << 0)
    /// A packet sent to the target now would leave the device.
    public static let reachable = ReachabilityFlags(rawValue: 1 << 1)
    /// ... but a connection must be brought up first (a VPN on demand, a dial-up link).
    public static let connectionRequired = ReachabilityFlags(rawValue: 1 << 2)
    /// The connection comes up by itself when traffic is sent.
    public static let connectionOnTraffic = ReachabilityFlags(rawValue: 1 << 3)
    /// Bringing the connection up needs the user (a password, a switch to flip).
    public static let interventionRequired = ReachabilityFlags(rawValue: 1 << 4)
    /// The connection comes up by itself when an API that can ask for it is used.
    public static let connectionOnDemand = ReachabilityFlags(rawValue: 1 << 5)
    /// The target is one of the device's own addresses.
    public static let isLocalAddress = ReachabilityFlags(rawValue: 1 << 16)
    /// The target is on a link of the device: no router on the way.
    public static let isDirect = ReachabilityFlags(rawValue: 1 << 17)
    /// The route leaves through a cellular interface.
    public static let isWWAN = ReachabilityFlags(rawValue: 1 << 18)
    /// SystemConfiguration's other name for `connectionOnTraffic`.
    public static let connectionAutomatic = connectionOnTraffic

    /// Alamofire's debugging form, one letter per flag that is set (the last, `a`, is
    /// `connectionAutomatic`, the same bit as `C`): `-R --------` is reachable.
    public var description: String {
        let letters: [(ReachabilityFlags, Character)] = [
            (.isWWAN, "W"), (.reachable, "R"), (.connectionRequired, "c"), (.transientConnection, "t"),
            (.interventionRequired, "i"), (.connectionOnTraffic, "C"), (.connectionOnDemand, "D"),
            (.isLocalAddress, "l"), (.isDirect, "d"), (.connectionAutomatic, "a"),
        ]
        let shown = letters.map { contains($0.0) ? $0.1 : "-" }
        return String(shown[0...1]) + " " + String(shown[2...])
    }
}

/// Where the flags are read: AFNetworking reports WWAN only when compiled for an iPhone platform
/// (`TARGET_OS_IPHONE`: iOS, tvOS, watchOS, visionOS, Mac Catalyst).
public enum ReachabilityPlatform: Sendable, Equatable {
    case iPhone
    /// macOS and Linux: a cellular route is reported as "WiFi".
    case other

    /// The platform this code was compiled for.
    public static var current: ReachabilityPlatform {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        .iPhone
        #else
        .other
        #endif
    }
}

extension NetworkReachabilityStatus {
    // listing: flags-to-status
    /// AFNetworking's `AFNetworkReachabilityStatusForFlags`. Reachable means: the route exists, and
    /// either needs no connection brought up, or brings it up by itself (on traffic or on demand)
    /// without asking the user. Then WWAN, on iPhone platforms only; everything else is "WiFi".
    public init(flags: ReachabilityFlags, platform: ReachabilityPlatform = .current) {
        let connectsAutomatically = flags.contains(.connectionOnDemand) || flags.contains(.connectionOnTraffic)
        let connectsWithoutTheUser = connectsAutomatically && !flags.contains(.interventionRequired)
        let isNetworkReachable =
            flags.contains(.reachable) && (!flags.contains(.connectionRequired) || connectsWithoutTheUser)
        if !isNetworkReachable {
            self = .notReachable
        } else if platform == .iPhone && flags.contains(.isWWAN) {
            self = .reachableViaWWAN
        } else {
            self = .reachableViaWiFi
        }
    }
    // end-listing
}
