import SecurityPolicy

/// Reference predictions for the cases of exercise 12.1, with the rule each one turns on.
public enum Predictions {
    /// A valid chain to a trusted root, for the host it names.
    public static let case1: TrustDecision.Reason? = .trustedChain
    /// Valid, but for another host: domain validation is on by default.
    public static let case2: TrustDecision.Reason? = .untrustedChain([])
    /// The guard: invalid allowed, the domain validated, nothing pinned.
    public static let case3: TrustDecision.Reason? = .domainValidationNeedsPinning
    /// Public-key mode with invalid allowed checks neither the expiry nor the host: only the key.
    public static let case4: TrustDecision.Reason? = .pinnedPublicKeys(count: 1)
    /// Certificate mode with invalid allowed still validates against the pins, expiry included.
    public static let case5: TrustDecision.Reason? = .notAnchoredInPins([])
    /// The appended intermediate signed nothing on the rogue's path: its key is not counted.
    public static let case6: TrustDecision.Reason? = .noPinnedPublicKey
    /// A pinned root vouches for every chain under it: the other site's chain holds its key.
    public static let case7: TrustDecision.Reason? = .pinnedPublicKeys(count: 1)
    /// Invalid allowed, no domain validation: the guard does not apply, and nothing is checked.
    public static let case8: TrustDecision.Reason? = .anythingAllowed
}
