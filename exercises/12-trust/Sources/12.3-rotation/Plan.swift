import SecurityPolicy

/// The certificates you can pin (README.md, exercise 12.3, tells the situation).
public enum Candidate: String, CaseIterable, Sendable {
    /// The certificate api.example.com presents today; it is renewed, with a new key, every 90 days.
    case todaysLeaf
    /// The CA that issues api.example.com's certificates today ("Example Issuing CA 1").
    case currentIntermediate
    /// The CA announced to take over next year ("Example Issuing CA 2"); its certificate exists already.
    case nextIntermediate
    /// The public root both CAs chain to, which also signs other companies' CAs.
    case root
}

/// Your pinning plan for api.example.com.
public enum RotationPlan {
    // TODO(12.3): choose the mode, the flag and the pins (as it stands, nothing is pinned, so
    // certificate mode trusts no server at all).
    public static let mode: SecurityPolicy.PinningMode = .certificate
    public static let allowInvalidCertificates = false
    public static let pins: Set<Candidate> = []
}
