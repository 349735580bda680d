import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// AFSecurityPolicyTests.m, "Public Key Pinning Tests" and "Certificate Pinning Tests": the same
/// cases in both modes, on generated stand-ins (httpbin.org's leaf, its intermediate "Amazon", its
/// root "Amazon Root CA 1" sent cross-signed by "Starfield Services Root G2"; app.net's chain).
/// Every refusal is checked for its reason: app.net's chain is valid at the evaluation time, so
/// it is refused for the pin and nothing else.
@Suite("Pinning, in both modes")
struct PinningTests {
    static let modes: [SecurityPolicy.PinningMode] = [.certificate, .publicKey]

    @Test("A folder's .cer files become the pins", arguments: modes)
    func certificatesInFolder(mode: SecurityPolicy.PinningMode) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try pki.httpbinLeaf.data.write(to: folder.appendingPathComponent("httpbin.cer"))
        try pki.intermediate.data.write(to: folder.appendingPathComponent("intermediate.cer"))
        try Data("not a certificate".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: try SecurityPolicy.certificates(in: folder))
        #expect(policy.pinnedCertificates == [pki.httpbinLeaf.data, pki.intermediate.data])
        #expect(
            policy.pinnedPublicKeys == [pki.httpbinLeaf.certificate.publicKey, pki.intermediate.certificate.publicKey])
    }

    @Test("Setting the pins derives their keys again, and forgets the old ones")
    func settingPins() {
        var pinned = policy(.publicKey, pinning: [pki.httpbinLeaf])
        pinned.pinnedCertificates = [pki.intermediate.data, pki.root.data]
        #expect(pinned.pinnedCertificates == [pki.intermediate.data, pki.root.data])
        #expect(
            pinned.pinnedPublicKeys == [pki.intermediate.certificate.publicKey, pki.root.certificate.publicKey],
            "the keys must be those of the pins set last, not of the pins the policy was made with")
    }

    /// A company's own CA, which none of the trusted roots vouches for, and a server it issued.
    static func privateCA() throws -> (root: TestIdentity, leaf: TestIdentity) {
        let root = try TestCertificates.make(CertificateRecipe(commonName: "Company Private CA", role: .authority))
        var server = CertificateRecipe(commonName: "localhost", role: .server)
        server.dnsNames = ["localhost"]
        let leaf = try TestCertificates.make(server, issuedBy: root)
        return (root, leaf)
    }

    @Test(
        "A pinned CA that no trusted root vouches for is refused while invalid certificates are refused",
        arguments: modes)
    func privateCAWithoutInvalidAllowed(mode: SecurityPolicy.PinningMode) async throws {
        let company = try Self.privateCA()
        let decision = await policy(mode, pinning: [company.root]).decide(
            [company.leaf, company.root], for: "localhost")
        #expect(
            !decision.isTrusted && decision.reason.kind == "untrustedChain",
            "with invalid certificates refused, the trusted roots must vouch for the chain before any pin counts: \(decision)"
        )
    }

    @Test(
        "With invalid certificates allowed, a pinned private CA is trusted: the pins are the anchors", arguments: modes)
    func privateCAWithInvalidAllowed(mode: SecurityPolicy.PinningMode) async throws {
        let company = try Self.privateCA()
        let decision = await policy(mode, pinning: [company.root], allowInvalid: true).decide(
            [company.leaf, company.root], for: "localhost")
        #expect(
            decision.isTrusted,
            "the pinned CA must anchor the chain although no trusted root vouches for it: \(decision)")
    }

    @Test("Pinning the leaf trusts httpbin.org's chain", arguments: modes)
    func leafPinned(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf]).decide(pki.httpbinChain, for: nil)
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("Pinning the intermediate trusts httpbin.org's chain", arguments: modes)
    func intermediatePinned(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.intermediate]).decide(pki.httpbinChain, for: nil)
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("Pinning the self-signed root trusts the chain that sends it cross-signed", arguments: modes)
    func rootPinned(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.root]).decide(pki.httpbinChain, for: nil)
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("Pinning the whole chain trusts it", arguments: modes)
    func entireChainPinned(mode: SecurityPolicy.PinningMode) async {
        let pins = [pki.httpbinLeaf, pki.intermediate, pki.root, pki.servicesRoot]
        let decision = await policy(mode, pinning: pins).decide(pki.httpbinChain, for: nil)
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("One right pin among others is enough", arguments: modes)
    func onePinAmongOthers(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf, pki.selfSignedCommonName]).decide(
            pki.httpbinChain, for: nil)
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("Pinning the leaf trusts the chain for its own domain", arguments: modes)
    func leafPinnedValidDomain(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf]).decide(pki.httpbinChain, for: "httpbin.org")
        #expect(decision.isTrusted, "\(decision)")
    }

    @Test("With nothing pinned, a valid chain is refused for want of a pin", arguments: modes)
    func nothingPinned(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode).decide(pki.httpbinChain, for: nil)
        #expect(!decision.isTrusted && decision.reason.kind == Self.pinMissing(mode), "\(decision)")
    }

    @Test("A valid chain of another server is refused for want of a pin", arguments: modes)
    func otherServer(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf]).decide(pki.adnChain, for: nil)
        #expect(!decision.isTrusted && decision.reason.kind == Self.pinMissing(mode), "\(decision)")
    }

    @Test("A valid chain of another server is refused whatever else is pinned", arguments: modes)
    func otherServerSeveralPins(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf, pki.selfSignedCommonName]).decide(
            pki.adnChain, for: nil)
        #expect(!decision.isTrusted && decision.reason.kind == Self.pinMissing(mode), "\(decision)")
    }

    @Test("The pinned leaf is refused for another domain", arguments: modes)
    func leafPinnedInvalidDomain(mode: SecurityPolicy.PinningMode) async {
        let decision = await policy(mode, pinning: [pki.httpbinLeaf]).decide(
            pki.httpbinChain, for: "invaliddomainname.com")
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
    }

    static func pinMissing(_ mode: SecurityPolicy.PinningMode) -> String {
        mode == .certificate ? "notAnchoredInPins" : "noPinnedPublicKey"
    }
}

/// What a key pin is for: the key outlives its certificate. Public-key mode compares keys, so the
/// same key in another certificate (a renewal, a root sent cross-signed) matches; certificate mode
/// compares certificates, so it does not.
@Suite("A key in another certificate")
struct SameKeyTests {
    @Test("A renewal keeps its key: public-key mode trusts it, certificate mode does not")
    func renewal() async {
        let renewed = [pki.renewedLocalhostLeaf, pki.intermediate]
        let byKey = await policy(.publicKey, pinning: [pki.localhostLeaf]).decide(renewed, for: "localhost")
        #expect(
            byKey.isTrusted && byKey.reason == .pinnedPublicKeys(count: 1),
            "public-key mode pinning the right leaf, shown \(words(renewed)): its key is the pinned one, in a new certificate: \(byKey)"
        )
        let byCertificate = await policy(.certificate, pinning: [pki.localhostLeaf]).decide(renewed, for: "localhost")
        #expect(
            !byCertificate.isTrusted && byCertificate.reason.kind == "notAnchoredInPins",
            "certificate mode pinning the right leaf, shown \(words(renewed)): the pinned certificate is not among them, whatever key they share: \(byCertificate)"
        )
    }

    @Test("A pinned root's key counts in the certificate that cross-signs it, on the path linked by signatures")
    func crossSignedRoot() async {
        // No validated chain (invalid certificates allowed): the path climbs the list as sent,
        // which holds the root only as the old root's cross-signed copy.
        let decision = await policy(.publicKey, pinning: [pki.root], allowInvalid: true).decide(
            pki.httpbinChain, for: "httpbin.org")
        #expect(
            decision.isTrusted && decision.reason == .pinnedPublicKeys(count: 1),
            "public-key mode pinning the self-signed root, shown \(words(pki.httpbinChain)): the cross-signed root holds the pinned key: \(decision)"
        )
    }

    @Test("A pinned leaf is refused before its validity begins, as after it ends", arguments: [false, true])
    func notYetValidPinnedLeaf(allowInvalid: Bool) async {
        let leaf = pki.notYetValidLeaf
        let decision = await policy(.certificate, pinning: [leaf], allowInvalid: allowInvalid).decide(
            [leaf], for: "localhost")
        let expected = allowInvalid ? "notAnchoredInPins" : "untrustedChain"
        #expect(
            !decision.isTrusted && decision.reason.kind == expected,
            "certificate mode pinning \(leaf.words), which the server presents alone\(allowInvalid ? " (invalid certificates allowed: the pinned leaf anchors itself)" : ""): \(decision)"
        )
    }
}
