import SecurityPolicy

/// What you can pin (README.md, exercise 12.3, tells the story).
public enum Candidate: String, CaseIterable, Sendable {
    case todaysKey
    case backupKey
    case nextBackupKey
    case currentCA
    case nextCA
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

/// Keys, not CAs. A CA pin trusts every certificate the CA issues, the thief's still-valid one for
/// today's key included, so the second release could not shut it out; a key pin names the one
/// thing only you hold. The first release carries the backup key before any certificate does, so
/// that the users who never update survive the theft; the second drops the stolen key and carries
/// the next backup. Invalid certificates stay refused: in public-key mode allowing them would let
/// the stolen key in on a certificate the thief signs himself, for good.
public enum RotationPlan {
    public static let firstRelease = Plan(mode: .publicKey, allowInvalidCertificates: false, pins: [.todaysKey, .backupKey])
    public static let secondRelease = Plan(
        mode: .publicKey, allowInvalidCertificates: false, pins: [.backupKey, .nextBackupKey])
}
