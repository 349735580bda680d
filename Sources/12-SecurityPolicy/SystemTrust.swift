import Foundation
import X509

#if canImport(Security)
import Security

// Built on Apple platforms only. The course is built and tested on Linux, where this file is
// empty: no test reaches it (chapter 12, "Linux and macOS", says what that leaves unproven).
extension ChainRules {
    // listing: system-trust
    /// `TrustRoots.system` on Apple platforms: the chain judged by `SecTrust` against the system's
    /// anchors, with the policy AFNetworking sets (`SecPolicyCreateSSL` when the domain is
    /// validated, else `SecPolicyCreateBasicX509`), at `time`. Apple's own rules apply with its
    /// store: distrust lists, TLS validity limits, intermediates fetched when a server omits one.
    func validateWithSystemTrust(_ chain: PresentedChain) -> Result {
        let certificates = chain.presented.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
        guard certificates.count == chain.presented.count else {
            return .invalid(["Security cannot read every presented certificate"])
        }
        let policy =
            checksServerUsage ? SecPolicyCreateSSL(true, host.map { $0 as CFString }) : SecPolicyCreateBasicX509()
        var created: SecTrust?
        guard SecTrustCreateWithCertificates(certificates as CFArray, policy, &created) == errSecSuccess,
            let trust = created, SecTrustSetVerifyDate(trust, time as CFDate) == errSecSuccess
        else { return .invalid(["SecTrust could not be set up for the presented certificates"]) }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            return .invalid([error.map { CFErrorCopyDescription($0) as String } ?? "SecTrust refused the chain"])
        }
        // The chain SecTrust built, leaf to anchor: what public-key mode counts keys on.
        let built = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
        return .valid(built.compactMap { try? Certificate(derEncoded: Array(SecCertificateCopyData($0) as Data)) })
    }
    // end-listing
}
#else
extension ChainRules {
    /// Only Apple platforms have Apple's trust store; `TrustRoots.system` never names it elsewhere.
    func validateWithSystemTrust(_ chain: PresentedChain) -> Result {
        .invalid(["this platform has no SecTrust to judge the chain with"])
    }
}
#endif
