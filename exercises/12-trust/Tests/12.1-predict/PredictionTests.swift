import Chapter12Exercise1
import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// The cases live here, not in the learner's file, so that a prediction is always checked against
/// the case as the README states it. Each is evaluated at the tests' fixed time, against the
/// tests' roots ("Course Services Root G2", "Course Root CA 1", "Other Root CA").
@Suite("12.1 Predict the verdicts")
struct PredictionTests {
    let pki = TestPKI.shared

    func check(_ prediction: TrustDecision.Reason?, _ mode: SecurityPolicy.PinningMode, pins: [TestIdentity] = [],
               allowInvalid: Bool = false, validatesDomainName: Bool = true, chain: [TestIdentity], host: String?) async {
        var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: Set(pins.map(\.data)))
        policy.allowInvalidCertificates = allowInvalid
        policy.validatesDomainName = validatesDomainName
        let trust = ServerTrust(certificates: chain.map(\.data), roots: .certificates(pki.systemRoots.map(\.data)),
                                verifyDate: TestCertificates.evaluationTime)
        let decision = await policy.evaluate(trust, forDomain: host)
        // Compares without printing the right answer: a failing check sends the learner back to
        // the rules, not to the outcome.
        #expect(prediction.map(Self.kind) == Self.kind(decision.reason), "\(prediction.map { "\($0)" } ?? "nil") is not what evaluate(_:forDomain:) says")
    }

    /// A reason without the verifier's diagnostics.
    static func kind(_ reason: TrustDecision.Reason) -> String {
        switch reason {
        case .untrustedChain: "untrustedChain"
        case .notAnchoredInPins: "notAnchoredInPins"
        default: "\(reason)"
        }
    }

    @Test("Case 1: the default policy, the right server, for localhost")
    func case1() async { await check(Predictions.case1, .none, chain: [pki.localhostLeaf, pki.intermediate], host: "localhost") }

    @Test("Case 2: the default policy, a valid certificate for other.example, for localhost")
    func case2() async { await check(Predictions.case2, .none, chain: [pki.otherHostLeaf, pki.intermediate], host: "localhost") }

    @Test("Case 3: no pinning, invalid certificates allowed, a self-signed certificate, for localhost")
    func case3() async { await check(Predictions.case3, .none, allowInvalid: true, chain: [pki.selfSignedLocalhost], host: "localhost") }

    @Test("Case 4: public-key mode pinning the intermediate, invalid allowed, an expired leaf")
    func case4() async {
        await check(Predictions.case4, .publicKey, pins: [pki.intermediate], allowInvalid: true, chain: [pki.expiredLeaf, pki.intermediate], host: "localhost")
    }

    @Test("Case 5: certificate mode pinning the intermediate, invalid allowed, an expired leaf")
    func case5() async {
        await check(Predictions.case5, .certificate, pins: [pki.intermediate], allowInvalid: true, chain: [pki.expiredLeaf, pki.intermediate], host: "localhost")
    }

    @Test("Case 6: public-key mode pinning the intermediate, invalid allowed, a rogue chain with the intermediate appended")
    func case6() async {
        await check(Predictions.case6, .publicKey, pins: [pki.intermediate], allowInvalid: true,
                    chain: [pki.rogueLeaf, pki.rogueRoot, pki.intermediate], host: "localhost")
    }

    @Test("Case 7: public-key mode pinning the root, another site's valid chain, for that site")
    func case7() async {
        await check(Predictions.case7, .publicKey, pins: [pki.root], chain: [pki.otherHostLeaf, pki.intermediate], host: "other.example")
    }

    @Test("Case 8: no pinning, invalid allowed, no domain validation, the rogue chain")
    func case8() async {
        await check(Predictions.case8, .none, allowInvalid: true, validatesDomainName: false, chain: [pki.rogueLeaf, pki.rogueRoot], host: "localhost")
    }
}
