import Foundation
import SecurityPolicy
import TestCertificates

/// The generated certificates, and the two things every evaluation here fixes: the roots (the
/// tests' own "system" store) and the time (`TestCertificates.evaluationTime`).
let pki = TestPKI.shared

func serverTrust(
    _ chain: [TestIdentity], roots: [TestIdentity] = pki.systemRoots,
    at time: Date = TestCertificates.evaluationTime
) -> ServerTrust {
    ServerTrust(certificates: chain.map(\.data), roots: .certificates(roots.map(\.data)), verifyDate: time)
}

func policy(
    _ mode: SecurityPolicy.PinningMode, pinning pins: [TestIdentity] = [], allowInvalid: Bool = false,
    validatesDomainName: Bool = true
) -> SecurityPolicy {
    var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: Set(pins.map(\.data)))
    policy.allowInvalidCertificates = allowInvalid
    policy.validatesDomainName = validatesDomainName
    return policy
}

extension SecurityPolicy {
    /// The decision for `chain` (evaluated at the tests' fixed time against their roots).
    func decide(_ chain: [TestIdentity], for domain: String?, roots: [TestIdentity] = pki.systemRoots) async
        -> TrustDecision
    {
        await evaluate(serverTrust(chain, roots: roots), forDomain: domain)
    }
}

extension TrustDecision.Reason {
    /// The kind of reason, without the verifier's diagnostics (which no test compares).
    var kind: String {
        switch self {
        case .anythingAllowed: "anythingAllowed"
        case .trustedChain: "trustedChain"
        case .pinnedCertificateInChain: "pinnedCertificateInChain"
        case .pinnedPublicKeys: "pinnedPublicKeys"
        case .noCertificates: "noCertificates"
        case .unreadableCertificate(let index): "unreadableCertificate(\(index))"
        case .domainValidationNeedsPinning: "domainValidationNeedsPinning"
        case .untrustedChain: "untrustedChain"
        case .notAnchoredInPins: "notAnchoredInPins"
        case .noPinnedPublicKey: "noPinnedPublicKey"
        }
    }
}
