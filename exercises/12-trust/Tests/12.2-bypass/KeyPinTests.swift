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

    @Test("The server's own key, pinned, is trusted")
    func leafPinned() {
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.localhostLeaf)))
    }

    @Test("The issuing CA's key, pinned, is trusted, wherever the server puts the CA in its list")
    func issuerPinned() {
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)))
        #expect(trustsServer(presented: [pki.localhostLeaf.certificate, pki.root.certificate, pki.intermediate.certificate],
                             pinnedKeys: pinning(pki.intermediate)))
    }

    @Test("A pinned CA appended to a chain it did not sign is not trusted")
    func appendedPin() {
        #expect(!trustsServer(presented: [pki.rogueLeaf.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)),
                "the rogue server sent the pinned intermediate, which issued nothing it holds")
        #expect(!trustsServer(presented: [pki.rogueLeaf.certificate, pki.rogueRoot.certificate, pki.intermediate.certificate],
                              pinnedKeys: pinning(pki.intermediate)))
    }

    @Test("A certificate that names the pinned CA as its issuer, but was signed by another key, is not trusted")
    func lookAlikeIssuer() throws {
        let lookAlike = try TestCertificates.make(CertificateRecipe(commonName: "Course Server CA 1B", role: .authority))
        var recipe = CertificateRecipe(commonName: "localhost", role: .server)
        recipe.dnsNames = ["localhost"]
        let forged = try TestCertificates.make(recipe, issuedBy: lookAlike)
        #expect(forged.certificate.issuer == pki.intermediate.certificate.subject)
        #expect(!trustsServer(presented: [forged.certificate, pki.intermediate.certificate], pinnedKeys: pinning(pki.intermediate)),
                "the leaf names the pinned CA, but the pinned key did not sign it")
    }

    @Test("Only one level up: a pinned root above the issuer does not count, and neither does nothing")
    func oneLevel() {
        #expect(!trustsServer(presented: [pki.localhostLeaf.certificate, pki.intermediate.certificate, pki.root.certificate],
                              pinnedKeys: pinning(pki.root)))
        #expect(!trustsServer(presented: [], pinnedKeys: pinning(pki.intermediate)))
    }
}
