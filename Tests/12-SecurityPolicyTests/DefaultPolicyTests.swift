import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// AFSecurityPolicyTests.m, "Default Policy Tests", on generated equivalents of its fixtures.
@Suite("The default policy")
struct DefaultPolicyTests {
    @Test("Pins nothing, refuses invalid certificates and validates the domain name")
    func defaults() {
        let policy = SecurityPolicy.default
        #expect(policy.pinningMode == .none)
        #expect(!policy.allowInvalidCertificates)
        #expect(policy.validatesDomainName)
        #expect(policy.pinnedCertificates.isEmpty)
    }

    @Test("Trusts httpbin.org's chain when no domain is given")
    func trustsValidChainWithoutDomain() async {
        let decision = await SecurityPolicy.default.decide(pki.httpbinChain, for: nil)
        #expect(decision.isTrusted && decision.reason == .trustedChain, "\(decision)")
    }

    @Test("Trusts httpbin.org's chain for httpbin.org")
    func trustsValidChainForItsDomain() async {
        let decision = await SecurityPolicy.default.decide(pki.httpbinChain, for: "httpbin.org")
        #expect(decision.isTrusted && decision.reason == .trustedChain, "\(decision)")
    }

    @Test("Refuses a self-signed certificate that no root vouches for")
    func refusesSelfSigned() async {
        let decision = await SecurityPolicy.default.decide([pki.selfSignedNoDomains], for: nil)
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
    }

    @Test("Refuses httpbin.org's chain for apple.com")
    func refusesOtherDomain() async {
        let decision = await SecurityPolicy.default.decide(pki.httpbinChain, for: "apple.com")
        #expect(!decision.isTrusted && decision.reason.kind == "untrustedChain", "\(decision)")
    }
}
