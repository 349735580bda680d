import Chapter12Exercise2
import Foundation
import TestCertificates
import Testing

/// Chains made here: the course's test certificates, and a look-alike CA that copies the
/// intermediate's name with a key of its own.
@Suite("12.2 Find the bypass")
struct KeyPinTests {
    let pki = TestPKI.shared

    func pinning(_ identities: TestIdentity...) -> Set<Certificate.PublicKey> { Set(identities.map(\.certificate.publicKey)) }

    // Each test pairs a server that must pass with one that must not: a check that trusts
    // everything fails them all, and so does one that trusts nothing.

    @Test("The server's own pinned key is trusted; a pinned CA appended to a chain it did not sign is not")
    func appendedPin() {
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.localhostLeaf)))
        #expect(!trustsServer(presented: [pki.rogueLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)),
                "the rogue server sent the pinned intermediate, which issued nothing it holds")
        #expect(!trustsServer(presented: [pki.rogueLeaf.certificate, pki.rogueRoot.certificate, pki.intermediate.certificate],
                              pinnedKeys: pinning(pki.intermediate)))
    }

    @Test("The issuing CA's pinned key is trusted wherever it is in the list; a CA that only has its name is not")
    func issuerPinned() throws {
        let forged = try forgedLeaf()
        #expect(forged.certificate.issuer == pki.intermediate.certificate.subject, "the forged leaf names the pinned CA as its issuer")
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)))
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.root.certificate, pki.intermediate.certificate],
                             pinnedKeys: pinning(pki.intermediate)))
        #expect(!trustsServer(presented: [forged.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)),
                "the leaf names the pinned CA, but the pinned key did not sign it")
    }

    @Test("The certificate that carries the issuer's name must be the one whose key signed the leaf")
    func nameAndSignatureTogether() throws {
        // The forged leaf names "Course Server CA 1B"; the look-alike CA of that name signed it; the
        // real, pinned CA of that name is sent too. Each condition holds for some certificate of
        // the list, and no one certificate meets both.
        let (forged, lookAlike) = try forgedLeafAndSigner()
        #expect(
            !trustsServer(
                presented: [forged.certificate, pki.intermediate.certificate, lookAlike.certificate],
                pinnedKeys: pinning(pki.intermediate)),
            "a forged leaf, the real pinned CA and the look-alike CA that signed the forgery: the pinned CA signed nothing here")
        #expect(
            trustsServer(
                presented: [pki.localhostLeaf.certificate, lookAlike.certificate, pki.intermediate.certificate],
                pinnedKeys: pinning(pki.intermediate)),
            "the right leaf, a look-alike CA, then the real pinned CA that signed the leaf: the issuer is the third certificate")
    }

    @Test("Only one level up: a pinned root above the issuer does not count, and neither does nothing")
    func oneLevel() {
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate, pki.root.certificate],
                             pinnedKeys: pinning(pki.intermediate, pki.root)))
        #expect(!trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate, pki.root.certificate],
                              pinnedKeys: pinning(pki.root)))
        #expect(!trustsServer(presented: [], pinnedKeys: pinning(pki.intermediate)))
    }

    /// A server certificate that names "Course Server CA 1B" as its issuer, signed by a look-alike
    /// CA of that name with a key of its own.
    func forgedLeaf() throws -> TestIdentity { try forgedLeafAndSigner().leaf }

    func forgedLeafAndSigner() throws -> (leaf: TestIdentity, signer: TestIdentity) {
        let lookAlike = try TestCertificates.make(CertificateRecipe(commonName: "Course Server CA 1B", role: .authority))
        var recipe = CertificateRecipe(commonName: "localhost", role: .server)
        recipe.dnsNames = ["localhost"]
        return (try TestCertificates.make(recipe, issuedBy: lookAlike), lookAlike)
    }
}
