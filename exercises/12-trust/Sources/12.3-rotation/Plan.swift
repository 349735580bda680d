import SecurityPolicy

/// What you can pin (README.md, exercise 12.3, tells the story). The keys are pinned by the hash of
/// their public key (`PublicKeyHash`); the CAs and the root by their certificate.
public enum Candidate: String, CaseIterable, Sendable {
    /// The key of api.example.com's certificate today (it stays the same at each renewal).
    case todaysKey
    /// A key generated today and kept offline: no certificate holds it yet.
    case backupKey
    /// A key you would generate on the day you ship the second release: no certificate holds it.
    case nextBackupKey
    /// "Example Issuing CA 1", which issues api.example.com's certificates today.
    case currentCA
    /// "Example Issuing CA 2", announced to take over next year; its certificate is published.
    case nextCA
    /// The public root both CAs chain to, which also signs other companies' CAs.
    case publicRoot
}

/// One release's policy.
public struct Plan: Sendable {
    public var mode: SecurityPolicy.PinningMode
    public var allowInvalidCertificates: Bool
    public var pins: Set<Candidate>

    public init(mode: SecurityPolicy.PinningMode, allowInvalidCertificates: Bool, pins: Set<Candidate>) {
        self.mode = mode
        self.allowInvalidCertificates = allowInvalidCertificates
        self.pins = pins
    }
}

public enum RotationPlan {
    // TODO(12.3): choose each release's mode, flag and pins (as they stand, nothing is pinned, so
    // certificate mode trusts no server at all).
    public static let firstRelease = Plan(mode: .certificate, allowInvalidCertificates: false, pins: [])
    public static let secondRelease = Plan(mode: .certificate, allowInvalidCertificates: false, pins: [])
}
