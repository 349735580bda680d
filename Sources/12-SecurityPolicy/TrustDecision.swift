import Foundation

/// The policy's answer, with its reason. AFNetworking answers a bare `BOOL`; the reason is what a
/// test asserts (a refusal for the wrong reason is how a security test passes while proving
/// nothing) and what a log or an error's description shows.
public struct TrustDecision: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        // Accepted.
        /// Mode `none` with invalid certificates allowed: nothing is checked.
        case anythingAllowed
        /// Mode `none`: the chain is valid against the trusted roots.
        case trustedChain
        /// Certificate mode: the chain built to a pinned anchor contains a pinned certificate.
        case pinnedCertificateInChain
        /// Public-key mode: this many keys of the chain are pinned.
        case pinnedPublicKeys(count: Int)

        // Refused.
        /// The server presented no certificate.
        case noCertificates
        /// The certificate at this index of the presented list is not DER X.509.
        case unreadableCertificate(index: Int)
        /// Keys pinned by hash in a mode that does not read them (certificate or none): refused
        /// rather than ignored, since the app believes those keys are pinned.
        case keyHashesNeedPublicKeyMode
        /// Invalid certificates allowed, the host to be validated, and nothing pinned: AFNetworking
        /// refuses, since nothing is left to validate the host against.
        case domainValidationNeedsPinning
        /// No chain from the leaf to a trusted root meets the policy; the verifier's reasons follow.
        case untrustedChain([String])
        /// No chain from the leaf to a pinned certificate meets the policy.
        case notAnchoredInPins([String])
        /// No public key of the chain is pinned.
        case noPinnedPublicKey
    }

    public let isTrusted: Bool
    public let reason: Reason

    static func accept(_ reason: Reason) -> TrustDecision { TrustDecision(isTrusted: true, reason: reason) }
    package static func refuse(_ reason: Reason) -> TrustDecision { TrustDecision(isTrusted: false, reason: reason) }

    public var description: String {
        switch reason {
        case .anythingAllowed: "trusted: invalid certificates are allowed and nothing is pinned"
        case .trustedChain: "trusted: the chain is valid against the trusted roots"
        case .pinnedCertificateInChain: "trusted: the chain contains a pinned certificate"
        case .pinnedPublicKeys(let count): "trusted: \(count) public key(s) of the chain are pinned"
        case .noCertificates: "refused: the server presented no certificate"
        case .unreadableCertificate(let index): "refused: presented certificate \(index) is not DER X.509"
        case .keyHashesNeedPublicKeyMode: "refused: keys pinned by hash are read in public-key mode only"
        case .domainValidationNeedsPinning:
            "refused: to validate a domain name while allowing invalid certificates, you must pin certificates"
        case .untrustedChain(let reasons): "refused: no valid chain to a trusted root" + Self.list(reasons)
        case .notAnchoredInPins(let reasons): "refused: no valid chain to a pinned certificate" + Self.list(reasons)
        case .noPinnedPublicKey: "refused: no public key of the chain is pinned"
        }
    }

    private static func list(_ reasons: [String]) -> String {
        reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")"
    }
}
