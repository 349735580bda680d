import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// The corners where AFNetworking's flags do not mean what they seem to, and the one a port to
/// Linux can open by itself: trusting the certificates in the order the server sent them.
@Suite("The dangerous corners")
struct DangerousCornerTests {
    @Test("Allowing invalid certificates, on its own, refuses every server with a domain")
    func allowInvalidAlone() async {
        let decision = await policy(.none, allowInvalid: true).decide(pki.httpbinChain, for: "httpbin.org")
        #expect(!decision.isTrusted && decision.reason == .domainValidationNeedsPinning, "\(decision)")
    }

    @Test("In public-key mode, allowing invalid certificates stops checking the host and the expiry")
    func publicKeyModeSkipsHostAndExpiry() async {
        let pinned = policy(.publicKey, pinning: [pki.intermediate], allowInvalid: true)
        let expired = await pinned.decide([pki.expiredLeaf, pki.intermediate], for: "localhost")
        #expect(expired.isTrusted, "\(expired)")
        let otherHost = await pinned.decide([pki.otherHostLeaf, pki.intermediate], for: "localhost")
        #expect(otherHost.isTrusted, "\(otherHost)")
    }

    @Test("In certificate mode, allowing invalid certificates still checks the host and the expiry")
    func certificateModeKeepsHostAndExpiry() async {
        let pinned = policy(.certificate, pinning: [pki.intermediate], allowInvalid: true)
        let expired = await pinned.decide([pki.expiredLeaf, pki.intermediate], for: "localhost")
        #expect(!expired.isTrusted && expired.reason.kind == "notAnchoredInPins", "\(expired)")
        let otherHost = await pinned.decide([pki.otherHostLeaf, pki.intermediate], for: "localhost")
        #expect(!otherHost.isTrusted && otherHost.reason.kind == "notAnchoredInPins", "\(otherHost)")
        let right = await pinned.decide([pki.localhostLeaf, pki.intermediate], for: "localhost")
        #expect(right.isTrusted, "\(right)")
        // A pinned leaf anchors itself, and is still checked for its dates and its host.
        let expiredPin = await policy(.certificate, pinning: [pki.expiredLeaf], allowInvalid: true).decide(
            [pki.expiredLeaf], for: "localhost")
        #expect(
            !expiredPin.isTrusted && expiredPin.reason.kind == "notAnchoredInPins",
            "a pinned leaf that has expired: \(expiredPin)")
        let otherHostPin = await policy(.certificate, pinning: [pki.otherHostLeaf], allowInvalid: true).decide(
            [pki.otherHostLeaf], for: "localhost")
        #expect(
            !otherHostPin.isTrusted && otherHostPin.reason.kind == "notAnchoredInPins",
            "a pinned leaf for another host: \(otherHostPin)")
    }

    @Test("Pinning a root trusts every certificate that root's CAs issued for the host asked for")
    func pinningARoot() async {
        let pinned = policy(.publicKey, pinning: [pki.root])
        let anotherSite = await pinned.decide([pki.otherHostLeaf, pki.intermediate], for: "other.example")
        #expect(anotherSite.isTrusted, "\(anotherSite)")
        let leafPinned = await policy(.publicKey, pinning: [pki.localhostLeaf]).decide(
            [pki.otherHostLeaf, pki.intermediate], for: "other.example")
        #expect(!leafPinned.isTrusted && leafPinned.reason == .noPinnedPublicKey, "\(leafPinned)")
    }

    @Test(
        "A pinned certificate appended to a rogue chain is not part of it",
        arguments: [
            policy(.publicKey, pinning: [pki.intermediate], allowInvalid: true),
            policy(.publicKey, pinning: [pki.intermediate]),
            policy(.certificate, pinning: [pki.intermediate], allowInvalid: true),
            policy(.certificate, pinning: [pki.intermediate]),
        ])
    func appendedPin(policy: SecurityPolicy) async {
        // The rogue root copies the real root's name; the server also sends the real intermediate,
        // which signed nothing in this chain.
        let decision = await policy.decide(
            [pki.rogueLeaf, pki.rogueRoot, pki.intermediate, pki.root], for: "localhost")
        #expect(!decision.isTrusted, "\(decision)")
    }

    @Test("A pinned certificate appended to another host's valid chain does not count", arguments: PinningTests.modes)
    func appendedPinToValidChain(mode: SecurityPolicy.PinningMode) async {
        // A valid chain for other.example, from a CA the roots trust, with localhost's pinned
        // certificate appended: the list holds the pin, the chain that validated does not.
        let decision = await policy(mode, pinning: [pki.localhostLeaf]).decide(
            [pki.otherHostLeaf, pki.intermediate, pki.localhostLeaf], for: "other.example")
        #expect(
            !decision.isTrusted && decision.reason.kind == PinningTests.pinMissing(mode),
            "the pin was only appended to the list; the validated chain does not hold it: \(decision)")
    }

    @Test("With invalid certificates allowed, public-key mode follows issuers by name and signature, up to the root")
    func issuerPathFollowsSignatures() async {
        let pinningRoot = policy(.publicKey, pinning: [pki.root], allowInvalid: true)
        let real = await pinningRoot.decide([pki.localhostLeaf, pki.intermediate, pki.root], for: "localhost")
        #expect(
            real.isTrusted && real.reason == .pinnedPublicKeys(count: 1),
            "the path must climb from the leaf through the intermediate to the pinned root: \(real)")
        // The real root carries the name the look-alike leaf gives as its issuer, but signed nothing here.
        let lookAlike = await pinningRoot.decide([pki.rogueLeaf, pki.root, pki.rogueRoot], for: "localhost")
        #expect(
            !lookAlike.isTrusted && lookAlike.reason == .noPinnedPublicKey,
            "an issuer must have signed the certificate, not merely carry its issuer's name: \(lookAlike)")
    }

    @Test("A leaf that allows any purpose, or does not restrict its purpose, may serve TLS")
    func anyOrNoExtendedKeyUsage() async throws {
        let cases: [([ExtendedKeyUsage.Usage], String)] = [
            ([.any], "allows any purpose"), ([], "has no extended key usage"),
        ]
        for (usage, meaning) in cases {
            var recipe = CertificateRecipe(commonName: "localhost", role: .server)
            recipe.dnsNames = ["localhost"]
            recipe.extendedKeyUsage = usage
            let leaf = try TestCertificates.make(recipe, issuedBy: pki.intermediate)
            let decision = await SecurityPolicy.default.decide([leaf, pki.intermediate], for: "localhost")
            #expect(decision.isTrusted, "a leaf that \(meaning) must be accepted for a server: \(decision)")
        }
    }

    @Test("A certificate whose extended key usage does not allow TLS servers is refused when the domain is validated")
    func clientCertificate() async throws {
        var recipe = CertificateRecipe(commonName: "localhost", role: .server)
        recipe.dnsNames = ["localhost"]
        recipe.extendedKeyUsage = [.clientAuth]
        let client = try TestCertificates.make(recipe, issuedBy: pki.intermediate)
        let refused = await SecurityPolicy.default.decide([client, pki.intermediate], for: "localhost")
        #expect(!refused.isTrusted && refused.reason.kind == "untrustedChain", "\(refused)")
        let basic = await policy(.none, validatesDomainName: false).decide(
            [client, pki.intermediate], for: "localhost")
        #expect(basic.isTrusted, "\(basic)")
    }

    /// AFNetworking's self-signed fixtures mark extended key usage critical; certificate mode
    /// with the certificate pinned validates it for its host like any other chain.
    @Test("A critical extended key usage is understood, not refused on sight")
    func criticalExtendedKeyUsage() async {
        let certificate = pki.selfSignedAltName
        let decision = await policy(.certificate, pinning: [certificate], allowInvalid: true).decide(
            [certificate], for: "foobar.com")
        #expect(decision.isTrusted && decision.reason == .pinnedCertificateInChain, "\(decision)")
    }

    @Test("The time is a parameter: a leaf valid before its expiry is refused after it")
    func timeIsAParameter() async {
        let chain = [pki.expiredLeaf, pki.intermediate]
        let later = await SecurityPolicy.default.decide(chain, for: "localhost")
        #expect(!later.isTrusted && later.reason.kind == "untrustedChain", "\(later)")
        let earlier = await SecurityPolicy.default.evaluate(
            serverTrust(chain, at: TestCertificates.evaluationTime.addingTimeInterval(-30 * 86_400)),
            forDomain: "localhost")
        #expect(earlier.isTrusted, "\(earlier)")
    }

    @Test("An IP address is matched against the certificate's IP addresses")
    func ipAddress() async {
        let right = await SecurityPolicy.default.decide([pki.localhostLeaf, pki.intermediate], for: "127.0.0.1")
        #expect(right.isTrusted, "\(right)")
        let wrong = await SecurityPolicy.default.decide([pki.localhostLeaf, pki.intermediate], for: "127.0.0.2")
        #expect(!wrong.isTrusted, "\(wrong)")
    }

    /// A divergence from Apple, kept visible: Apple's SSL policy ignores the common name (iOS 13
    /// and later); swift-certificates falls back to it when a certificate has no alternative names.
    @Test("A certificate named only by its common name passes here, where Apple refuses it")
    func commonNameFallback() async {
        let certificate = pki.selfSignedCommonName
        let decision = await policy(.certificate, pinning: [certificate], allowInvalid: true).decide(
            [certificate], for: "foobar.com")
        #expect(decision.isTrusted && decision.reason == .pinnedCertificateInChain, "\(decision)")
    }
}

/// A server chooses what it sends. Two CAs that issued each other are an endless path for a
/// walk that may visit a certificate twice: the handshake would never end.
@Suite("Certificates that issue each other")
struct LoopTests {
    @Test("A loop of issuers is judged in every mode, not walked for ever")
    func issuersInALoop() async {
        let chain = [pki.loopLeaf, pki.loopCA, pki.loopPartnerCA]
        let cases: [(SecurityPolicy, Bool, String)] = [
            (
                policy(.publicKey, pinning: [pki.loopPartnerCA], allowInvalid: true), true,
                "public-key mode, invalid allowed, pinning \"Loop CA B\""
            ),
            (
                policy(.publicKey, pinning: [pki.intermediate], allowInvalid: true), false,
                "public-key mode, invalid allowed, pinning the intermediate"
            ),
            (
                policy(.certificate, pinning: [pki.intermediate], allowInvalid: true), false,
                "certificate mode, invalid allowed, pinning the intermediate"
            ),
            (.default, false, "the default policy"),
        ]
        // One at a time: each stuck evaluation would hold a thread for good.
        for (policy, trusted, name) in cases {
            let decision = await decision(within: 30) { await policy.decide(chain, for: "localhost") }
            guard let decision else {
                Issue.record(
                    "\(name), shown \(words(chain)): no decision after 30 seconds. Does the walk up the issuers visit a certificate twice?"
                )
                return
            }
            #expect(decision.isTrusted == trusted, "\(name), shown \(words(chain)): \(decision)")
        }
    }
}
