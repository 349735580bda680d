import SecurityPolicy

/// Your predictions for the cases of exercise 12.1 (see this chapter's README.md): for each, the
/// reason `evaluate(_:forDomain:)` gives, which also says whether the server is trusted.
/// `.untrustedChain([])` and `.notAnchoredInPins([])` stand for those reasons whatever the
/// verifier's details; `.pinnedPublicKeys(count:)` needs the right count.
///
/// Work each one out from chapter 12's flowchart and table first, then write it here.
/// `swift run workshop check 12.1` tells you which are right.
public enum Predictions {
    // TODO(12.1): replace each nil with your prediction.
    public static let case1: TrustDecision.Reason? = nil
    public static let case2: TrustDecision.Reason? = nil
    public static let case3: TrustDecision.Reason? = nil
    public static let case4: TrustDecision.Reason? = nil
    public static let case5: TrustDecision.Reason? = nil
    public static let case6: TrustDecision.Reason? = nil
    public static let case7: TrustDecision.Reason? = nil
    public static let case8: TrustDecision.Reason? = nil
}
