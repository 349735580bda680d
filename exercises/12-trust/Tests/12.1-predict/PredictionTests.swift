import Chapter12Exercise1
import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// The cases live here, not in the learner's file, so that a prediction is always checked against
/// the case as the README states it. Each is evaluated at the tests' fixed time, against the tests'
/// roots ("Course Services Root G2", "Course Root CA 1", "Other Root CA"), and so is each flip: the
/// same case with one flag turned over. Nothing here knows the answers: `evaluate` decides.
@Suite("12.1 Predict the verdicts")
struct PredictionTests {
    struct Case: Sendable {
        var mode: SecurityPolicy.PinningMode
        var pins: [TestIdentity] = []
        var allowInvalid: Bool
        var validatesDomainName: Bool
        var chain: [TestIdentity]
        var host: String?

        func decision(flipping flag: Flag? = nil) async -> TrustDecision {
            var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: Set(pins.map(\.data)))
            policy.allowInvalidCertificates = allowInvalid != (flag == .allowInvalidCertificates)
            policy.validatesDomainName = validatesDomainName != (flag == .validatesDomainName)
            let roots = TestPKI.shared.systemRoots.map(\.data)
            let trust = ServerTrust(
                certificates: chain.map(\.data), roots: .certificates(roots), verifyDate: TestCertificates.evaluationTime)
            return await policy.evaluate(trust, forDomain: host)
        }
    }

    /// Checks the reason, then each flag. The messages say what is wrong, never what is right: a
    /// failing check sends the learner back to the rules, not to the answer.
    func check(_ number: Int, _ prediction: Prediction, _ situation: Case) async {
        let decision = await situation.decision()
        guard let reason = prediction.reason else {
            Issue.record("case \(number): no prediction yet")
            return
        }
        #expect(
            Self.kind(reason) == Self.kind(decision.reason),
            "case \(number): \(reason) is not the reason evaluate(_:forDomain:) gives")
        // One message for the set, not one per flag: a message per flag would tell the answer.
        var flippers: Set<Flag> = []
        for flag in Flag.allCases where await situation.decision(flipping: flag).isTrusted != decision.isTrusted {
            flippers.insert(flag)
        }
        #expect(
            prediction.flippedBy == flippers,
            "case \(number): [\(prediction.flippedBy.map { ".\($0)" }.sorted().joined(separator: ", "))] is not the set of flags that, each flipped on its own, change whether the server is trusted"
        )
    }

    /// A reason without the verifier's diagnostics.
    static func kind(_ reason: TrustDecision.Reason) -> String {
        switch reason {
        case .untrustedChain: "untrustedChain"
        case .notAnchoredInPins: "notAnchoredInPins"
        default: "\(reason)"
        }
    }

    let pki = TestPKI.shared

    @Test("Case 1: the default policy, the right leaf sent alone, for localhost")
    func case1() async {
        await check(
            1, Predictions.case1,
            Case(mode: .none, allowInvalid: false, validatesDomainName: true, chain: [pki.localhostLeaf], host: "localhost"))
    }

    @Test("Case 2: no pinning, invalid allowed, no domain validation, a self-signed leaf")
    func case2() async {
        await check(
            2, Predictions.case2,
            Case(mode: .none, allowInvalid: true, validatesDomainName: false, chain: [pki.selfSignedLocalhost], host: "localhost"))
    }

    @Test("Case 3: no pinning, invalid allowed, the rogue's chain, and no host")
    func case3() async {
        await check(
            3, Predictions.case3,
            Case(mode: .none, allowInvalid: true, validatesDomainName: true, chain: [pki.rogueLeaf, pki.rogueRoot], host: nil))
    }

    @Test("Case 4: certificate mode pinning the intermediate, invalid allowed, no domain validation, other.example's leaf")
    func case4() async {
        await check(
            4, Predictions.case4,
            Case(mode: .certificate, pins: [pki.intermediate], allowInvalid: true, validatesDomainName: false,
                 chain: [pki.otherHostLeaf, pki.intermediate], host: "localhost"))
    }

    @Test("Case 5: public-key mode pinning the intermediate, invalid allowed, no domain validation, other.example's leaf")
    func case5() async {
        await check(
            5, Predictions.case5,
            Case(mode: .publicKey, pins: [pki.intermediate], allowInvalid: true, validatesDomainName: false,
                 chain: [pki.otherHostLeaf, pki.intermediate], host: "localhost"))
    }

    @Test("Case 6: certificate mode pinning the right leaf, shown its renewal")
    func case6() async {
        await check(
            6, Predictions.case6,
            Case(mode: .certificate, pins: [pki.localhostLeaf], allowInvalid: false, validatesDomainName: true,
                 chain: [pki.renewedLocalhostLeaf, pki.intermediate], host: "localhost"))
    }

    @Test("Case 7: public-key mode pinning the intermediate, no domain validation, a leaf valid from tomorrow")
    func case7() async {
        await check(
            7, Predictions.case7,
            Case(mode: .publicKey, pins: [pki.intermediate], allowInvalid: false, validatesDomainName: false,
                 chain: [pki.notYetValidLeaf, pki.intermediate], host: "localhost"))
    }

    @Test("Case 8: public-key mode pinning nothing, invalid allowed, the right server")
    func case8() async {
        await check(
            8, Predictions.case8,
            Case(mode: .publicKey, allowInvalid: true, validatesDomainName: true,
                 chain: [pki.localhostLeaf, pki.intermediate], host: "localhost"))
    }

    @Test("Case 9: certificate mode pinning a self-signed leaf, invalid allowed, reached as 127.0.0.1")
    func case9() async {
        await check(
            9, Predictions.case9,
            Case(mode: .certificate, pins: [pki.selfSignedLocalhost], allowInvalid: true, validatesDomainName: true,
                 chain: [pki.selfSignedLocalhost], host: "127.0.0.1"))
    }
}
