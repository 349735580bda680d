import Chapter12Exercise3
import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// api.example.com's world, made here: a public root, the company's CA today and next year's, a
/// CA of another company under the same root, and the certificates each issues.
struct RotationWorld: Sendable {
    let root, currentIntermediate, nextIntermediate, siblingIntermediate: TestIdentity
    let todaysLeaf, renewedLeaf, nextYearsLeaf, misIssuedLeaf, otherHostLeaf: TestIdentity

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

    @Test("Today's certificate is trusted")
    func today() async {
        let decision = await decide([world.todaysLeaf, world.currentIntermediate])
        #expect(decision.isTrusted, "today's server is refused: \(decision)")
    }

    @Test("The renewed certificate, with its new key, is trusted")
    func renewal() async {
        let decision = await decide([world.renewedLeaf, world.currentIntermediate])
        #expect(decision.isTrusted, "after the next renewal the app is locked out: \(decision)")
    }

    @Test("Next year's certificate, from the new CA, is trusted")
    func migration() async {
        let decision = await decide([world.nextYearsLeaf, world.nextIntermediate])
        #expect(decision.isTrusted, "after the move to the new CA the app is locked out: \(decision)")
    }

    @Test("A certificate for api.example.com from another company's CA under the same root is refused")
    func misIssued() async {
        let decision = await decide([world.misIssuedLeaf, world.siblingIntermediate])
        #expect(!decision.isTrusted, "a mis-issued certificate from another CA is accepted: \(decision)")
    }

    @Test("A valid certificate for another host from your own CA is refused")
    func otherHost() async {
        let decision = await decide([world.otherHostLeaf, world.currentIntermediate])
        #expect(!decision.isTrusted, "a certificate for shop.example.net is accepted for api.example.com: \(decision)")
    }
}
