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
