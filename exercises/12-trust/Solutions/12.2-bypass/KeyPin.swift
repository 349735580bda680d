import TestCertificates

/// Trusts a server when the key of its certificate, or of the CA that issued that certificate, is
/// pinned. Any server can send any public certificate, a pinned one included: the issuer must be
/// the certificate the leaf names as its issuer *and* whose key verifies the leaf's signature.
public func trustsServer(presented: [Certificate], pinnedKeys: Set<Certificate.PublicKey>) -> Bool {
    guard let leaf = presented.first else { return false }
    if pinnedKeys.contains(leaf.publicKey) { return true }
    return presented.dropFirst().contains { candidate in
        candidate.subject == leaf.issuer && candidate.publicKey.isValidSignature(leaf.signature, for: leaf)
            && pinnedKeys.contains(candidate.publicKey)
    }
}
