import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// AFSecurityPolicyTests.m, "Domain Name Validation Tests" and "Self Signed Certificate Tests".
@Suite("Domain names and self-signed certificates")
struct DomainAndSelfSignedTests {
    @Test("Without domain validation, a valid chain passes for any domain")
    func noDomainValidation() async {
        let decision = await policy(.none, validatesDomainName: false).decide(pki.httpbinChain, for: "invalid.org")
        #expect(decision.isTrusted && decision.reason == .trustedChain, "\(decision)")
    }

    @Test("With domain validation, a valid chain fails for another domain")
    func domainValidation() async {
        let decision = await SecurityPolicy.default.decide(pki.httpbinChain, for: "invalid.org")
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
    }

    /// AFNetworking's test name says the domain is validated; in public-key mode with invalid
    /// certificates allowed, nothing looks at it.
    @Test(
        "Public-key mode with invalid certificates allowed trusts a pinned self-signed certificate",
        arguments: [pki.selfSignedCommonName, pki.selfSignedAltName])
    func publicKeySelfSigned(certificate: TestIdentity) async {
        let decision = await policy(.publicKey, pinning: [certificate], allowInvalid: true).decide(
            [certificate], for: "foobar.com")
        #expect(decision.isTrusted && decision.reason == .pinnedPublicKeys(count: 1), "\(decision)")
    }

    @Test("Certificate mode refuses a pinned self-signed certificate that names no domain")
    func certificateModeNoDomains() async {
        let certificate = pki.selfSignedNoDomains
        let decision = await policy(.certificate, pinning: [certificate], allowInvalid: true).decide(
            [certificate], for: "foobar.com")
        #expect(!decision.isTrusted && decision.reason.kind == "notAnchoredInPins", "\(decision)")
    }

    @Test("Allowing invalid certificates trusts a self-signed one when no domain is given")
    func allowInvalidNoDomain() async {
        let decision = await policy(.none, allowInvalid: true).decide([pki.selfSignedAltName], for: nil)
        #expect(decision.isTrusted && decision.reason == .anythingAllowed, "\(decision)")
    }

    @Test("Allowing invalid certificates without domain validation trusts a self-signed one")
    func allowInvalidNoDomainValidation() async {
        let decision = await policy(.none, allowInvalid: true, validatesDomainName: false).decide(
            [pki.selfSignedAltName], for: "foobar.com")
        #expect(decision.isTrusted && decision.reason == .anythingAllowed, "\(decision)")
    }

    @Test("Refusing invalid certificates refuses a self-signed one")
    func refuseInvalid() async {
        let decision = await SecurityPolicy.default.decide([pki.selfSignedAltName], for: nil)
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
    }

    /// The guard at the top of `evaluateServerTrust:forDomain:`: allowing invalid certificates
    /// while validating a domain needs pins to validate against.
    @Test(
        "Allowing invalid certificates and validating the domain with nothing pinned refuses everything",
        arguments: [(SecurityPolicy.PinningMode.publicKey, false), (.none, true), (.none, false)])
    func guardRefuses(mode: SecurityPolicy.PinningMode, pinsSelfSigned: Bool) async {
        let certificate = pki.selfSignedAltName
        let decision = await policy(mode, pinning: pinsSelfSigned ? [certificate] : [], allowInvalid: true)
            .decide([certificate], for: "foobar.com")
        #expect(!decision.isTrusted && decision.reason == .domainValidationNeedsPinning, "\(decision)")
    }
}

/// AFSecurityPolicyTests.m, "NSCopying" and "NSSecureCoding": a Swift value is its own copy, and
/// `Codable` stands in for the archive.
@Suite("Copying and coding")
struct CopyingAndCodingTests {
    static var configured: SecurityPolicy {
        policy(.certificate, pinning: [pki.httpbinLeaf], allowInvalid: true, validatesDomainName: false)
    }

    @Test("A copy has the same settings and changes on its own")
    func copy() {
        let original = Self.configured
        var copy = original
        #expect(copy == original)
        copy.pinnedCertificates = []
        copy.validatesDomainName = true
        #expect(original.pinnedCertificates == [pki.httpbinLeaf.data] && !original.validatesDomainName)
    }

    @Test("A policy survives encoding and decoding")
    func roundTrip() throws {
        let decoded = try JSONDecoder().decode(SecurityPolicy.self, from: JSONEncoder().encode(Self.configured))
        #expect(decoded == Self.configured)
        #expect(decoded.pinnedPublicKeys == [pki.httpbinLeaf.certificate.publicKey])
    }

    @Test("An archive without the domain flag decodes with domain validation on")
    func missingFlag() throws {
        let decoded = try JSONDecoder().decode(SecurityPolicy.self, from: Data(#"{"pinningMode":"none"}"#.utf8))
        #expect(decoded.validatesDomainName && !decoded.allowInvalidCertificates && decoded.pinnedCertificates.isEmpty)
    }
}
