@_spi(FixedExpiryValidationTime) import X509
import Foundation
import SwiftASN1

/// What a chain must satisfy: Apple's SSL policy (`SecPolicyCreateSSL`: server usage, and the host
/// when there is one) or its basic X.509 policy, at a given time. swift-certificates' `Verifier`
/// builds the chains, by issuer name and signature, from the leaf to one of the anchors.
struct ChainRules: Sendable {
    /// The host to check the leaf against; nil checks none.
    var host: String?
    /// True for the SSL policy: the leaf must be usable by a TLS server.
    var checksServerUsage: Bool
    var time: Date

    enum Result: Sendable {
        /// Leaf first, anchor last.
        case valid([Certificate])
        /// Why each candidate chain failed (for diagnostics: no test compares these strings).
        case invalid([String])

        func decision(accepting: TrustDecision.Reason, refusing: ([String]) -> TrustDecision.Reason) -> TrustDecision {
            switch self {
            case .valid: .accept(accepting)
            case .invalid(let reasons): .refuse(refusing(reasons))
            }
        }
    }

    // listing: chain-rules
    /// Validates the chain from the leaf to one of `anchors`: RFC 5280's rules (validity at `time`,
    /// basic and name constraints), server usage, and the host.
    func validate(_ chain: PresentedChain, anchors: CertificateStore) async -> Result {
        var verifier = Verifier(rootCertificates: anchors) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            ServerUsagePolicy(required: checksServerUsage)
            if let identity = serverIdentity { identity }
        }
        let result = await verifier.validate(leaf: chain.leaf, intermediates: CertificateStore(chain.others))
        return Self.result(result)
    }

    /// A pinned leaf as its own anchor, as Apple accepts it. RFC 5280's basic-constraints rule
    /// refuses a one-certificate chain that is not a CA, so `LeafAnchorPolicy` stands in for it:
    /// the validity window, and the leaf's critical constraints acknowledged.
    func validateLeafAsAnchor(_ leaf: Certificate) async -> Result {
        var verifier = Verifier(rootCertificates: CertificateStore([leaf])) {
            LeafAnchorPolicy(time: time)
            ServerUsagePolicy(required: checksServerUsage)
            if let identity = serverIdentity { identity }
        }
        return Self.result(await verifier.validate(leaf: leaf, intermediates: CertificateStore()))
    }
    // end-listing

    /// Validates the chain against `roots`: the `Verifier` above for a list of roots, Apple's
    /// `SecTrust` for the system's roots on Apple platforms (`SystemTrust.swift`).
    func validate(_ chain: PresentedChain, against roots: TrustRoots) async -> Result {
        switch roots.source {
        case .certificates(let store): await validate(chain, anchors: store)
        case .appleSystem: validateWithSystemTrust(chain)
        }
    }

    /// swift-certificates checks a host name and an IP address separately: an IP literal goes in
    /// the IP field (matched against the certificate's IP addresses), a name in the host field.
    var serverIdentity: ServerIdentityPolicy? {
        guard let host else { return nil }
        let isIPAddress =
            host.contains(":")
            || host.split(separator: ".", omittingEmptySubsequences: false).count == 4
                && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
        return ServerIdentityPolicy(serverHostname: isIPAddress ? nil : host, serverIP: isIPAddress ? host : nil)
    }

    private static func result(_ result: CertificateValidationResult) -> Result {
        switch result {
        case .validCertificate(let chain):
            return .valid(Array(chain))
        case .couldNotValidate(let failures):
            let reasons = failures.map { failure in
                // swift-certificates writes each certificate whole into its reason, a thousand
                // characters apiece: a certificate is named by its subject instead.
                failure.chain.reduce(failure.policyFailureReason.description) { reason, certificate in
                    reason.replacingOccurrences(of: certificate.description, with: "\"\(certificate.subject)\"")
                }
            }
            // Several candidate chains can fail for one reason: each is said once. An empty list
            // means no chain could be built at all: no issuer among the anchors and intermediates,
            // or a critical extension that no rule handles.
            var seen = Set<String>()
            let distinct = reasons.filter { seen.insert($0).inserted }
            return .invalid(distinct.isEmpty ? ["no chain could be built from the leaf to an anchor"] : distinct)
        }
    }
}
