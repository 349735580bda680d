// listing: reachability-status
/// AFNetworking's `AFNetworkReachabilityStatus`: four cases, with its raw values, which travel in
/// the change notification's `userInfo`.
public enum NetworkReachabilityStatus: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Not known yet: every manager starts here, and stays here until its first report.
    case unknown = -1
    case notReachable = 0
    /// Reachable over a cellular interface. Reported on iPhone platforms only.
    case reachableViaWWAN = 1
    /// Reachable, and not over cellular: AFNetworking's "WiFi" is every other interface too,
    /// Ethernet included, and on a Mac or on Linux it is every interface.
    case reachableViaWiFi = 2

    /// `AFStringFromNetworkReachabilityStatus`, in English (AFNetworking looks each string up in
    /// its `AFNetworking` strings table, and ships none, so these are what apps showed).
    public var description: String {
        switch self {
        case .unknown: "Unknown"
        case .notReachable: "Not Reachable"
        case .reachableViaWWAN: "Reachable via WWAN"
        case .reachableViaWiFi: "Reachable via WiFi"
        }
    }

    /// `isReachable`: either of the two reachable cases.
    public var isReachable: Bool { self == .reachableViaWWAN || self == .reachableViaWiFi }
}
// end-listing
