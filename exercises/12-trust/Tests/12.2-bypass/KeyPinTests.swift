import Chapter12Exercise2
import Foundation
import TestCertificates
import Testing

/// Chains made here: the course's test certificates, and a look-alike CA that copies the
/// intermediate's name with a key of its own. A failure names the chain and the pins in words,
/// never as certificate dumps.
@Suite("12.2 Find the bypass")
struct KeyPinTests {
    let pki = TestPKI.shared

    /// Expects `trustsServer` to answer `trusted` for `chain` with `pins`' keys pinned.
    func expect(
        _ trusted: Bool, _ chain: [TestIdentity], pinning pins: [TestIdentity], _ why: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let answer = trustsServer(
            presented: chain.map(\.certificate), pinnedKeys: Set(pins.map(\.certificate.publicKey)))
        let shown = chain.isEmpty ? "nothing" : chain.map(\.words).joined(separator: ", then ")
        #expect(
            answer == trusted,
            "shown \(shown), pinning \(pins.map(\.words).joined(separator: " and ")): \(trusted ? "refused" : "trusted"), but \(why)",
            sourceLocation: sourceLocation)
    }

    // Each test pairs a server that must pass with one that must not: a check that trusts
    // everything fails them all, and so does one that trusts nothing.

    @Test("The server's own pinned key is trusted; a pinned CA appended to a chain it did not sign is not")
    func appendedPin() {
        expect(true, [pki.localhostLeaf, pki.intermediate], pinning: [pki.localhostLeaf], "the leaf's own key is pinned")
        expect(
            false, [pki.rogueLeaf, pki.intermediate], pinning: [pki.intermediate],
            "the rogue server sent the pinned intermediate, which issued nothing it holds")
        expect(
            false, [pki.rogueLeaf, pki.rogueRoot, pki.intermediate], pinning: [pki.intermediate],
            "the pinned intermediate, appended, issued nothing the rogue holds")
    }

    @Test("The issuing CA's pinned key is trusted wherever it is in the list; a CA that only has its name is not")
    func issuerPinned() throws {
        let (forged, _) = try forgedLeafAndSigner()
        #expect(forged.certificate.issuer == pki.intermediate.certificate.subject, "the forged leaf names the pinned CA")
        expect(true, [pki.localhostLeaf, pki.intermediate], pinning: [pki.intermediate], "the pinned CA issued the leaf")
        expect(
            true, [pki.localhostLeaf, pki.root, pki.intermediate], pinning: [pki.intermediate],
            "the pinned CA issued the leaf, wherever it is in the list")
        expect(
            false, [forged, pki.intermediate], pinning: [pki.intermediate],
            "the leaf names the pinned CA, and the pinned key did not sign it")
    }

    @Test("The certificate that carries the issuer's name must be the one whose key signed the leaf")
    func nameAndSignatureTogether() throws {
        // The forged leaf names "Course Server CA 1B"; the look-alike CA of that name signed it; the
        // real, pinned CA of that name is sent too. Each condition holds for some certificate of
        // the list, and no one certificate meets both.
        let (forged, lookAlike) = try forgedLeafAndSigner()
        expect(
            false, [forged, pki.intermediate, lookAlike], pinning: [pki.intermediate],
            "the pinned CA signed nothing here: the look-alike did")
        expect(
            true, [pki.localhostLeaf, lookAlike, pki.intermediate], pinning: [pki.intermediate],
            "the pinned CA, third in the list, signed the leaf")
    }

    @Test("Only one level up: a pinned root above the issuer does not count, and neither does nothing")
    func oneLevel() {
        expect(
            true, [pki.localhostLeaf, pki.intermediate, pki.root], pinning: [pki.intermediate, pki.root],
            "the pinned intermediate issued the leaf")
        expect(
            false, [pki.localhostLeaf, pki.intermediate, pki.root], pinning: [pki.root],
            "the pinned root issued the intermediate, not the leaf")
        expect(false, [], pinning: [pki.intermediate], "an empty list holds no pin")
    }

    /// A server certificate for localhost that names "Course Server CA 1B" as its issuer, and the
    /// look-alike CA of that name, with a key of its own, that signed it.
    func forgedLeafAndSigner() throws -> (leaf: TestIdentity, signer: TestIdentity) {
        let lookAlike = try TestCertificates.make(CertificateRecipe(commonName: "Course Server CA 1B", role: .authority))
            .named(#"a look-alike CA named "Course Server CA 1B", with a key of its own"#)
        var recipe = CertificateRecipe(commonName: "localhost", role: .server)
        recipe.dnsNames = ["localhost"]
        let forged = try TestCertificates.make(recipe, issuedBy: lookAlike).named(
            "a forged leaf for localhost, signed by the look-alike")
        return (forged, lookAlike)
    }
}
