import Foundation
import Locking
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
    _ mode: SecurityPolicy.PinningMode, pinning pins: [TestIdentity] = [], keyHashes: [PublicKeyHash] = [],
    allowInvalid: Bool = false, validatesDomainName: Bool = true
) -> SecurityPolicy {
    var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: Set(pins.map(\.data)))
    policy.pinnedPublicKeyHashes = Set(keyHashes)
    policy.allowInvalidCertificates = allowInvalid
    policy.validatesDomainName = validatesDomainName
    return policy
}

/// A chain in words, for a failing test's message: "the right leaf for localhost, then the
/// intermediate "Course Server CA 1B"".
func words(_ chain: [TestIdentity]) -> String {
    chain.isEmpty ? "no certificate" : chain.map(\.words).joined(separator: ", then ")
}

/// The decision, or nil if none came within `seconds`: how a test tells an evaluation that never
/// ends (a walk round a loop of certificates) from a slow one. An evaluation takes milliseconds, so
/// the limit is far beyond what a busy machine adds. The deadline is a dispatch timer, not a task:
/// a task could wait forever for a thread the stuck evaluation holds.
func decision(within seconds: Double, _ evaluate: @escaping @Sendable () async -> TrustDecision) async
    -> TrustDecision?
{
    await withCheckedContinuation { (continuation: CheckedContinuation<TrustDecision?, Never>) in
        let pending = Protected<CheckedContinuation<TrustDecision?, Never>?>(continuation)
        let finish = { @Sendable (decision: TrustDecision?) in
            pending.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(returning: decision)
        }
        Task.detached { finish(await evaluate()) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
    }
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
        case .keyHashesNeedPublicKeyMode: "keyHashesNeedPublicKeyMode"
        case .domainValidationNeedsPinning: "domainValidationNeedsPinning"
        case .untrustedChain: "untrustedChain"
        case .notAnchoredInPins: "notAnchoredInPins"
        case .noPinnedPublicKey: "noPinnedPublicKey"
        }
    }
}
