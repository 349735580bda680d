import SecurityPolicy

/// One of a policy's two flags.
public enum Flag: Sendable, Hashable, CaseIterable {
    case allowInvalidCertificates
    case validatesDomainName
}

/// A prediction for one case of exercise 12.1: the reason, and the flags that each flip the verdict.
public struct Prediction: Sendable {
    public var reason: TrustDecision.Reason?
    public var flippedBy: Set<Flag>

    public init(_ reason: TrustDecision.Reason?, flippedBy: Set<Flag>) {
        self.reason = reason
        self.flippedBy = flippedBy
    }
}

/// Reference predictions, with the rule each one turns on.
public enum Predictions {
    /// The chain is built from what the server sent and the trusted roots: the intermediate that
    /// links the leaf to its root was not sent, and nothing fetches it. Allowing invalid
    /// certificates meets the guard instead; no domain check makes the missing link no less missing.
    public static let case1 = Prediction(.untrustedChain([]), flippedBy: [])
    /// Nothing is checked. Refusing invalid certificates brings the roots back, which do not vouch
    /// for a self-signed leaf; validating the domain brings the guard.
    public static let case2 = Prediction(
        .anythingAllowed, flippedBy: [.allowInvalidCertificates, .validatesDomainName])
    /// The guard needs a domain to validate, and there is none. Refusing invalid certificates
    /// validates the rogue's chain, which no trusted root signed.
    public static let case3 = Prediction(.anythingAllowed, flippedBy: [.allowInvalidCertificates])
    /// Certificate mode validates against the pins, by the basic rules here: the chain reaches the
    /// pinned intermediate, and the host is not a rule. Validating the domain makes it one.
    public static let case4 = Prediction(.pinnedCertificateInChain, flippedBy: [.validatesDomainName])
    /// Public-key mode with invalid certificates allowed reads the path linked by signatures, with
    /// no host rule even when the domain is validated; refused invalid certificates validate a
    /// chain to the trusted roots that holds the intermediate too.
    public static let case5 = Prediction(.pinnedPublicKeys(count: 1), flippedBy: [])
    /// Certificate mode compares certificates: the renewal shares the pinned leaf's key, not its
    /// bytes, and the intermediate it chains to is not pinned. No flag changes that.
    public static let case6 = Prediction(.notAnchoredInPins([]), flippedBy: [])
    /// The first validation checks dates whether or not the domain is; allowing invalid
    /// certificates skips it, and the path to the pinned intermediate holds.
    public static let case7 = Prediction(.untrustedChain([]), flippedBy: [.allowInvalidCertificates])
    /// The guard: nothing is pinned. Without it, public-key mode still finds no pinned key.
    public static let case8 = Prediction(.domainValidationNeedsPinning, flippedBy: [])
    /// A pinned leaf anchors itself, and 127.0.0.1 is among its addresses. Refusing invalid
    /// certificates first asks the trusted roots, which never signed it.
    public static let case9 = Prediction(.pinnedCertificateInChain, flippedBy: [.allowInvalidCertificates])
}
