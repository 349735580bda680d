import Foundation
import X509

extension SecurityPolicy {
    // listing: evaluate-server-trust
    /// AFNetworking's `evaluateServerTrust:forDomain:`. `domain` is the host connected to; nil skips
    /// the host check, as Apple's SSL policy does. Bad input is refused with its reason.
    public func evaluate(_ trust: ServerTrust, forDomain domain: String?) async -> TrustDecision {
        let chain: PresentedChain
        switch PresentedChain.read(trust.certificates) {
        case .success(let read): chain = read
        case .failure(let refusal): return .refuse(refusal.reason)
        }
        if pinningMode != .publicKey, !pinnedPublicKeyHashes.isEmpty { return .refuse(.keyHashesNeedPublicKeyMode) }
        if domain != nil, allowInvalidCertificates, validatesDomainName,
            pinningMode == .none || (pinnedCertificates.isEmpty && pinnedPublicKeyHashes.isEmpty)
        {
            return .refuse(.domainValidationNeedsPinning)
        }
        let rules = ChainRules(
            host: validatesDomainName ? domain : nil, checksServerUsage: validatesDomainName,
            time: trust.verifyDate ?? Date())
        if pinningMode == .none {
            if allowInvalidCertificates { return .accept(.anythingAllowed) }
            return await rules.validate(chain, against: trust.roots).decision(
                accepting: .trustedChain, refusing: TrustDecision.Reason.untrustedChain)
        }
        // end-listing
        // listing: evaluate-with-pins
        var trustedChain: [Certificate]?
        if !allowInvalidCertificates {
            switch await rules.validate(chain, against: trust.roots) {
            case .valid(let built): trustedChain = built
            case .invalid(let reasons): return .refuse(.untrustedChain(reasons))
            }
        }
        switch pinningMode {
        case .certificate: return await certificatePinning(chain, rules: rules)
        case .publicKey: return publicKeyPinning(trustedChain ?? chain.issuerPath())
        case .none: return .refuse(.untrustedChain([]))
        }
    }
    // end-listing

    // listing: certificate-pinning
    /// Certificate mode: the pins become the only anchors and the chain is validated again, host
    /// and expiry included, even when invalid certificates are allowed. A pinned leaf is its own
    /// anchor (`ChainRules.validateLeafAsAnchor`). Then, as AFNetworking does, the validated chain
    /// is walked from its root down for a certificate equal to a pin.
    func certificatePinning(_ chain: PresentedChain, rules: ChainRules) async -> TrustDecision {
        var result = await rules.validate(chain, anchors: CertificateStore(pins.parsed))
        if case .invalid = result, pins.contains(chain.leafDER) {
            result = await rules.validateLeafAsAnchor(chain.leaf)
        }
        switch result {
        case .invalid(let reasons):
            return .refuse(.notAnchoredInPins(reasons))
        case .valid(let built):
            let isPinned = built.reversed().contains { pins.contains(PresentedChain.der(of: $0)) }
            return isPinned ? .accept(.pinnedCertificateInChain) : .refuse(.notAnchoredInPins([]))
        }
    }
    // end-listing

    // listing: public-key-pinning
    /// Public-key mode counts the certificates of the chain whose key is pinned. The chain is the
    /// validated one, or, with invalid certificates allowed, the path linked by issuer and
    /// signature from the leaf: never the list as presented, which anyone can append a pin to.
    func publicKeyPinning(_ chain: [Certificate]) -> TrustDecision {
        let count = chain.filter { isPinned($0.publicKey) }.count
        return count > 0 ? .accept(.pinnedPublicKeys(count: count)) : .refuse(.noPinnedPublicKey)
    }

    /// A key is pinned when a pinned certificate holds it, whatever certificate holds it here (a
    /// renewal, a cross-signed root), or when its hash is pinned.
    func isPinned(_ key: Certificate.PublicKey) -> Bool {
        pins.publicKeys.contains(key)
            || (!pinnedPublicKeyHashes.isEmpty && pinnedPublicKeyHashes.contains(PublicKeyHash(key)))
    }
    // end-listing
}
