import Foundation
import SecurityPolicy

/// A policy with what it judges against: the trusted roots, and the time (nil: the moment of the
/// handshake). What AFNetworking's manager keeps as `securityPolicy`, plus the two things Apple's
/// `SecTrust` brings along by itself.
public struct TrustSettings: Sendable {
    public var policy: SecurityPolicy
    public var roots: TrustRoots
    public var verifyDate: Date?

    public init(policy: SecurityPolicy = .default, roots: TrustRoots = .system, verifyDate: Date? = nil) {
        self.policy = policy
        self.roots = roots
        self.verifyDate = verifyDate
    }

    /// The policy's decision on the certificates a server presented, for `host`.
    public func decide(presented certificates: [Data], host: String?) async -> TrustDecision {
        await policy.evaluate(
            ServerTrust(certificates: certificates, roots: roots, verifyDate: verifyDate), forDomain: host)
    }
}
