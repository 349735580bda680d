import Foundation
import SwiftASN1
import X509

// listing: server-usage-policy
/// The extended-key-usage half of Apple's SSL policy. swift-certificates' verifier refuses any
/// certificate with a critical extension that no policy claims, and none of its own claims
/// extended key usage: without this policy, a certificate that marks it critical (as
/// AFNetworking's self-signed fixtures do) fails every evaluation, whatever the flags say.
/// With `required`, the leaf, if it restricts its usage, must allow TLS servers; without it (the
/// basic X.509 policy) the extension is acknowledged and not enforced.
struct ServerUsagePolicy: VerifierPolicy {
    let required: Bool
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard required else { return .meetsPolicy }
        guard let usage = try? chain.leaf.extensions.extendedKeyUsage else {
            // Absent: no restriction. Unreadable (the `try?` gives nil too) is told apart below.
            if chain.leaf.extensions[oid: .X509ExtensionID.extendedKeyUsage] == nil { return .meetsPolicy }
            return .failsToMeetPolicy(reason: "the leaf's extended key usage cannot be read")
        }
        if usage.contains(.serverAuth) || usage.contains(.any) { return .meetsPolicy }
        return .failsToMeetPolicy(reason: "the leaf's extended key usage does not allow a TLS server")
    }
}
// end-listing

/// The rules for a pinned leaf that anchors itself: it must be within its validity window at
/// `time`; its basic-constraints and key-usage extensions, often critical on a server's
/// certificate, are acknowledged (they constrain what the certificate may sign, and it signs
/// nothing in a one-certificate chain).
struct LeafAnchorPolicy: VerifierPolicy {
    let time: Date
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage,
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        let leaf = chain.leaf
        guard chain.count == 1 else {
            return .failsToMeetPolicy(reason: "a pinned leaf anchors a chain of itself alone")
        }
        guard leaf.notValidBefore <= time, time <= leaf.notValidAfter else {
            return .failsToMeetPolicy(reason: "the pinned leaf is not valid at \(time)")
        }
        return .meetsPolicy
    }
}
