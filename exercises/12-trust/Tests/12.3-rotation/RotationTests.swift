import Chapter12Exercise3
import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// api.example.com's world, made here: a public root, the company's CA today and next year's, a
/// CA of another company under the same root, and the certificates each issues.
struct RotationWorld: Sendable {
    let root, currentIntermediate, nextIntermediate, siblingIntermediate: TestIdentity
    let todaysLeaf, renewedLeaf, nextYearsLeaf, misIssuedLeaf, otherHostLeaf, selfSignedLeaf: TestIdentity

    static let shared: RotationWorld = {
        do { return try RotationWorld() } catch { fatalError("the certificates could not be made: \(error)") }
    }()

    init() throws {
        func authority(_ name: String) -> CertificateRecipe { CertificateRecipe(commonName: name, role: .authority) }
        func server(_ host: String) -> CertificateRecipe {
            var recipe = CertificateRecipe(commonName: host, role: .server)
            recipe.dnsNames = [host]
            return recipe
        }
        root = try TestCertificates.make(authority("Example Public Root"))
        currentIntermediate = try TestCertificates.make(authority("Example Issuing CA 1"), issuedBy: root)
        nextIntermediate = try TestCertificates.make(authority("Example Issuing CA 2"), issuedBy: root)
        siblingIntermediate = try TestCertificates.make(authority("Another Company's CA"), issuedBy: root)
        todaysLeaf = try TestCertificates.make(server("api.example.com"), issuedBy: currentIntermediate)
        renewedLeaf = try TestCertificates.make(server("api.example.com"), issuedBy: currentIntermediate)
        nextYearsLeaf = try TestCertificates.make(server("api.example.com"), issuedBy: nextIntermediate)
        misIssuedLeaf = try TestCertificates.make(server("api.example.com"), issuedBy: siblingIntermediate)
        otherHostLeaf = try TestCertificates.make(server("shop.example.net"), issuedBy: currentIntermediate)
        selfSignedLeaf = try TestCertificates.make(server("api.example.com"))
    }

    func identity(of candidate: Candidate) -> TestIdentity {
        switch candidate {
        case .todaysLeaf: todaysLeaf
        case .currentIntermediate: currentIntermediate
        case .nextIntermediate: nextIntermediate
        case .root: root
        }
    }
}

/// Each test pairs a server that must pass with one that must not: a plan that trusts everything
/// fails them all, and so does one that trusts nothing.
@Suite("12.3 Pin for a key rotation")
struct RotationTests {
    let world = RotationWorld.shared

    func decide(_ chain: [TestIdentity]) async -> TrustDecision {
        var policy = SecurityPolicy(pinningMode: RotationPlan.mode,
                                    pinnedCertificates: Set(RotationPlan.pins.map { world.identity(of: $0).data }))
        policy.allowInvalidCertificates = RotationPlan.allowInvalidCertificates
        let trust = ServerTrust(certificates: chain.map(\.data), roots: .certificates([world.root.data]),
                                verifyDate: TestCertificates.evaluationTime)
        return await policy.evaluate(trust, forDomain: "api.example.com")
    }

    @Test("Today's certificate is trusted; your CA's certificate for another host is not")
    func today() async {
        let today = await decide([world.todaysLeaf, world.currentIntermediate])
        #expect(today.isTrusted, "today's server is refused: \(today)")
        let otherHost = await decide([world.otherHostLeaf, world.currentIntermediate])
        #expect(!otherHost.isTrusted, "a certificate for shop.example.net is accepted for api.example.com: \(otherHost)")
    }

    @Test("The renewed certificate, with its new key, is trusted; one from another company's CA is not")
    func renewal() async {
        let renewed = await decide([world.renewedLeaf, world.currentIntermediate])
        #expect(renewed.isTrusted, "after the next renewal the app is locked out: \(renewed)")
        let misIssued = await decide([world.misIssuedLeaf, world.siblingIntermediate])
        #expect(!misIssued.isTrusted, "a certificate for api.example.com from another company's CA is accepted: \(misIssued)")
    }

    @Test("Next year's certificate, from the new CA, is trusted; a self-signed one is not")
    func migration() async {
        let nextYear = await decide([world.nextYearsLeaf, world.nextIntermediate])
        #expect(nextYear.isTrusted, "after the move to the new CA the app is locked out: \(nextYear)")
        let selfSigned = await decide([world.selfSignedLeaf])
        #expect(!selfSigned.isTrusted, "a self-signed certificate for api.example.com is accepted: \(selfSigned)")
    }
}
