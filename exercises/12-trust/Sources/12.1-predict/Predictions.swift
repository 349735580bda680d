import SecurityPolicy

/// One of a policy's two flags.
public enum Flag: Sendable, Hashable, CaseIterable {
    case allowInvalidCertificates
    case validatesDomainName
}

/// A prediction for one case of exercise 12.1 (see this chapter's README.md): the reason
/// `evaluate(_:forDomain:)` gives (which also says whether the server is trusted), and the flags
/// that, each flipped on its own with the rest of the case unchanged, would turn a trusted server
/// into a refused one or the other way round.
///
/// `.untrustedChain([])` and `.notAnchoredInPins([])` stand for those reasons whatever the
/// verifier's details; `.pinnedPublicKeys(count:)` needs the right count.
public struct Prediction: Sendable {
    public var reason: TrustDecision.Reason?
    public var flippedBy: Set<Flag>

    public init(_ reason: TrustDecision.Reason?, flippedBy: Set<Flag>) {
        self.reason = reason
        self.flippedBy = flippedBy
    }
}

/// Work each case out from chapter 12 first, then write it here: `swift run workshop check 12.1`
/// tells you which reasons and which flips are wrong, never what they should be.
public enum Predictions {
    // TODO(12.1): replace each nil with the reason, and each [] with the flags that flip the verdict
    // (leave [] where neither flag alone changes whether the server is trusted).
    public static let case1 = Prediction(nil, flippedBy: [])
    public static let case2 = Prediction(nil, flippedBy: [])
    public static let case3 = Prediction(nil, flippedBy: [])
    public static let case4 = Prediction(nil, flippedBy: [])
    public static let case5 = Prediction(nil, flippedBy: [])
    public static let case6 = Prediction(nil, flippedBy: [])
    public static let case7 = Prediction(nil, flippedBy: [])
    public static let case8 = Prediction(nil, flippedBy: [])
    public static let case9 = Prediction(nil, flippedBy: [])
}
