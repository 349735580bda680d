import Reachability
import Testing

/// AFNetworking's `AFNetworkReachabilityStatusForFlags`, checked against a table written out by
/// hand from its source, for every one of the 512 combinations of the nine flags, on an iPhone
/// platform and elsewhere.
@Suite("Flags to status")
struct FlagsTableTests {
    /// Reachable or not, for each combination of the five flags the rule reads: R reachable,
    /// c connection required, T on traffic, D on demand, i intervention required. Read each row as
    /// "R c T D i → reachable?". (WWAN only chooses between the two reachable statuses.)
    static let table: [String] = [
        "- - - - - n", "- - - - i n", "- - - D - n", "- - - D i n", "- - T - - n", "- - T - i n", "- - T D - n",
        "- - T D i n", "- c - - - n", "- c - - i n", "- c - D - n", "- c - D i n", "- c T - - n", "- c T - i n",
        "- c T D - n", "- c T D i n", "R - - - - y", "R - - - i y", "R - - D - y", "R - - D i y", "R - T - - y",
        "R - T - i y", "R - T D - y", "R - T D i y", "R c - - - n", "R c - - i n", "R c - D - y", "R c - D i n",
        "R c T - - y", "R c T - i n", "R c T D - y", "R c T D i n",
    ]

    static let ruled: [ReachabilityFlags] = [
        .reachable, .connectionRequired, .connectionOnTraffic, .connectionOnDemand, .interventionRequired,
    ]
    static let others: [ReachabilityFlags] = [.transientConnection, .isLocalAddress, .isDirect, .isWWAN]

    /// The table's answer for `flags`.
    static func isReachable(_ flags: ReachabilityFlags) -> Bool {
        let key = zip(ruled, ["R", "c", "T", "D", "i"]).map { flags.contains($0.0) ? $0.1 : "-" }.joined(separator: " ")
        guard let row = table.first(where: { $0.hasPrefix(key + " ") }) else {
            Issue.record("no row for \(key)")
            return false
        }
        return row.hasSuffix("y")
    }

    static var everyCombination: [ReachabilityFlags] {
        let all = ruled + others
        return (0..<(1 << all.count)).map { bits in
            all.indices.reduce(into: ReachabilityFlags()) { flags, index in
                if bits & (1 << index) != 0 { flags.insert(all[index]) }
            }
        }
    }

    @Test(
        "Every combination of flags gives the table's status, WWAN on an iPhone platform only",
        arguments: [ReachabilityPlatform.iPhone, .other])
    func everyCombination(platform: ReachabilityPlatform) {
        var wrong: [String] = []
        for flags in Self.everyCombination {
            let expected: NetworkReachabilityStatus =
                !Self.isReachable(flags)
                ? .notReachable
                : platform == .iPhone && flags.contains(.isWWAN) ? .reachableViaWWAN : .reachableViaWiFi
            let status = NetworkReachabilityStatus(flags: flags, platform: platform)
            if status != expected { wrong.append("\(flags): \(status), not \(expected)") }
        }
        #expect(
            wrong.count == 0,
            "\(wrong.count) of 512 combinations are wrong, among them: \(wrong.prefix(4).joined(separator: "; "))")
    }

    @Test("The flags have SystemConfiguration's values")
    func values() {
        let values =
            ([
                .transientConnection, .reachable, .connectionRequired, .connectionOnTraffic, .interventionRequired,
                .connectionOnDemand, .isLocalAddress, .isDirect, .isWWAN,
            ] as [ReachabilityFlags]).map(\.rawValue)
        #expect(values == [1, 2, 4, 8, 16, 32, 65536, 131_072, 262_144])
        #expect(ReachabilityFlags.connectionAutomatic == .connectionOnTraffic)
    }

    @Test("Cases from life: Wi-Fi, cellular on a phone and on a Mac, a VPN on demand, a VPN that wants a password")
    func namedCases() {
        #expect(NetworkReachabilityStatus(flags: [.reachable, .isDirect], platform: .other) == .reachableViaWiFi)
        #expect(NetworkReachabilityStatus(flags: [.reachable, .isWWAN], platform: .iPhone) == .reachableViaWWAN)
        #expect(
            NetworkReachabilityStatus(flags: [.reachable, .isWWAN], platform: .other) == .reachableViaWiFi,
            "on a Mac and on Linux AFNetworking never says WWAN")
        #expect(
            NetworkReachabilityStatus(flags: [.reachable, .connectionRequired, .connectionOnDemand], platform: .iPhone)
                == .reachableViaWiFi)
        #expect(
            NetworkReachabilityStatus(
                flags: [.reachable, .connectionRequired, .connectionOnDemand, .interventionRequired], platform: .iPhone)
                == .notReachable)
        #expect(NetworkReachabilityStatus(flags: [.isWWAN], platform: .iPhone) == .notReachable)
        #expect(NetworkReachabilityStatus(flags: [], platform: .other) == .notReachable)
    }

    @Test("This platform's default: WWAN is never reported here")
    func currentPlatform() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        #expect(ReachabilityPlatform.current == .iPhone)
        #else
        #expect(ReachabilityPlatform.current == .other)
        #expect(NetworkReachabilityStatus(flags: [.reachable, .isWWAN]) == .reachableViaWiFi)
        #endif
    }

    @Test("Flags read as Alamofire prints them")
    func flagsDescription() {
        #expect(ReachabilityFlags([.reachable, .isWWAN, .isDirect]).description == "WR ------d-")
        #expect(ReachabilityFlags().description == "-- --------")
    }
}
