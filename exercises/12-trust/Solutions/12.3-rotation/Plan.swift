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

/// The plan: pin the CAs you will be issued by, today's and the backup, and nothing wider. The
/// leaf's key changes at every renewal; the root signs other companies' CAs too. Either mode works
/// for the two intermediates; invalid certificates stay refused, or public-key mode would stop
/// checking the host.
public enum RotationPlan {
    public static let mode: SecurityPolicy.PinningMode = .publicKey
    public static let allowInvalidCertificates = false
    public static let pins: Set<Candidate> = [.currentIntermediate, .nextIntermediate]
}
