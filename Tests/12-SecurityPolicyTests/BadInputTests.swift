import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// Input no handshake should produce, and AFNetworking crashes on (a pin that is not DER raises in
/// certificate mode): every case is answered no, with its reason.
@Suite("Bad input")
struct BadInputTests {
    /// The guard's policy among them: bad input is reported before any other reason.
    static let everyPolicy: [SecurityPolicy] = [
        .default, policy(.none, allowInvalid: true, validatesDomainName: false), policy(.none, allowInvalid: true),
        policy(.certificate, pinning: [pki.httpbinLeaf]),
        policy(.publicKey, pinning: [pki.httpbinLeaf], allowInvalid: true),
    ]

    @Test("An empty chain is refused", arguments: everyPolicy)
    func emptyChain(policy: SecurityPolicy) async {
        let decision = await policy.evaluate(
            ServerTrust(certificates: [], roots: .certificates([])), forDomain: "httpbin.org")
        #expect(
            !decision.isTrusted && decision.reason == .noCertificates,
            "an empty chain must be refused as such, before any other rule: \(decision)")
    }

    @Test("A chain of garbage is refused, naming the first bad certificate", arguments: everyPolicy)
    func garbage(policy: SecurityPolicy) async {
        let chain = [pki.httpbinLeaf.data, Data("-----BEGIN CERTIFICATE-----".utf8), Data([0x30, 0x82, 0xFF])]
        let decision = await policy.evaluate(ServerTrust(certificates: chain, roots: .certificates([])), forDomain: nil)
        #expect(!decision.isTrusted && decision.reason == .unreadableCertificate(index: 1), "\(decision)")
        let leafless = await policy.evaluate(
            ServerTrust(certificates: [Data()], roots: .certificates([])), forDomain: nil)
        #expect(!leafless.isTrusted && leafless.reason == .unreadableCertificate(index: 0), "\(leafless)")
    }

    @Test(
        "A pin that is not a certificate is kept, never matches, and does not stop a good pin",
        arguments: [SecurityPolicy.PinningMode.certificate, .publicKey])
    func nonDERPin(mode: SecurityPolicy.PinningMode) async {
        let junk = Data("not DER at all".utf8)
        let onlyJunk = SecurityPolicy(pinningMode: mode, pinnedCertificates: [junk])
        #expect(onlyJunk.pinnedCertificates == [junk] && onlyJunk.pinnedPublicKeys.isEmpty)
        let refused = await onlyJunk.decide(pki.httpbinChain, for: "httpbin.org")
        #expect(!refused.isTrusted && refused.reason.kind == PinningTests.pinMissing(mode), "\(refused)")
        let withGoodPin = SecurityPolicy(pinningMode: mode, pinnedCertificates: [junk, pki.intermediate.data])
        let trusted = await withGoodPin.decide(pki.httpbinChain, for: "httpbin.org")
        #expect(trusted.isTrusted, "\(trusted)")
    }

    @Test("Roots that are not certificates are left out, and the system's roots are refused for the tests' chains")
    func badRoots() async {
        let trust = ServerTrust(
            certificates: pki.httpbinChain.map(\.data), roots: .certificates([Data([1, 2, 3])]),
            verifyDate: TestCertificates.evaluationTime)
        let decision = await SecurityPolicy.default.evaluate(trust, forDomain: "httpbin.org")
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
        // No public CA issued the generated chain: the machine's own bundle vouches for none of it.
        let system = await SecurityPolicy.default.evaluate(
            ServerTrust(certificates: pki.httpbinChain.map(\.data)), forDomain: "httpbin.org")
        #expect(!system.isTrusted && system.reason.kind == "untrustedChain", "\(system)")
    }
}
