import Chapter12Exercise3
import Foundation
import SecurityPolicy
import TestCertificates
import Testing

/// api.example.com's world, made here: a public root, the company's CA today and next year's, a CA
/// of another company under the same root, three keys of the company's, and the certificates of
/// each moment of the story.
struct RotationWorld: Sendable {
    let publicRoot, currentCA, nextCA, siblingCA: TestIdentity
    let todaysKey, backupKey, nextBackupKey: Certificate.PrivateKey
    /// Today's certificate (stolen with its key on the day of the theft, and valid for months yet),
    /// its renewal, the certificate for the backup key from each CA, and the one for the next backup.
    let today, renewal, backupFromCurrentCA, backupFromNextCA, nextBackupFromNextCA: TestIdentity
    /// What must never pass: a certificate for api.example.com from another company's CA, your CA's
    /// certificate for another host, and one the thief signs himself with the stolen key.
    let misIssued, otherHost, selfSignedWithStolenKey: TestIdentity
    /// Another certificate the thief signs with the stolen key, for the backup key's public half,
    /// which every handshake since the move has shown: no valid chain, only a pinned key.
    let backupKeySignedByTheThief: TestIdentity

    static let shared: RotationWorld = {
        do { return try RotationWorld() } catch { fatalError("the certificates could not be made: \(error)") }
    }()

    init() throws {
        func authority(_ name: String) -> CertificateRecipe { CertificateRecipe(commonName: name, role: .authority) }
        func server(_ host: String, key: Certificate.PrivateKey? = nil) -> CertificateRecipe {
            var recipe = CertificateRecipe(commonName: host, role: .server)
            recipe.dnsNames = [host]
            recipe.key = key
            return recipe
        }
        let make = TestCertificates.make
        publicRoot = try make(authority("Example Public Root"), nil).named("the public root")
        currentCA = try make(authority("Example Issuing CA 1"), publicRoot).named("today's CA")
        nextCA = try make(authority("Example Issuing CA 2"), publicRoot).named("next year's CA")
        siblingCA = try make(authority("Another Company's CA"), publicRoot).named("another company's CA")
        todaysKey = TestCertificates.newKey()
        backupKey = TestCertificates.newKey()
        nextBackupKey = TestCertificates.newKey()
        today = try make(server("api.example.com", key: todaysKey), currentCA).named("today's certificate")
        renewal = try make(server("api.example.com", key: todaysKey), currentCA).named(
            "today's certificate renewed (the same key)")
        backupFromCurrentCA = try make(server("api.example.com", key: backupKey), currentCA).named(
            "today's CA's certificate for the backup key")
        backupFromNextCA = try make(server("api.example.com", key: backupKey), nextCA).named(
            "next year's CA's certificate for the backup key")
        nextBackupFromNextCA = try make(server("api.example.com", key: nextBackupKey), nextCA).named(
            "next year's CA's certificate for the next backup key")
        misIssued = try make(server("api.example.com"), siblingCA).named(
            "another company's CA's certificate for api.example.com")
        otherHost = try make(server("shop.example.net"), currentCA).named("today's CA's certificate for shop.example.net")
        selfSignedWithStolenKey = try make(server("api.example.com", key: todaysKey), nil).named(
            "a certificate the thief signs himself with today's key")
        backupKeySignedByTheThief = try make(server("api.example.com", key: backupKey), today).named(
            "a certificate for the backup key's public half (shown by the server since the move), signed by the thief with today's stolen key")
    }

    /// The chain a server sends for `leaf`: the leaf and the CA that issued it.
    func chain(_ leaf: TestIdentity) -> [TestIdentity] {
        [currentCA, nextCA, siblingCA].first { $0.certificate.subject == leaf.certificate.issuer }.map { [leaf, $0] }
            ?? [leaf]
    }

    func policy(_ plan: Plan) -> SecurityPolicy {
        var certificates: Set<Data> = []
        var keys: Set<PublicKeyHash> = []
        for candidate in plan.pins {
            switch candidate {
            case .todaysKey: keys.insert(PublicKeyHash(todaysKey.publicKey))
            case .backupKey: keys.insert(PublicKeyHash(backupKey.publicKey))
            case .nextBackupKey: keys.insert(PublicKeyHash(nextBackupKey.publicKey))
            case .currentCA: certificates.insert(currentCA.data)
            case .nextCA: certificates.insert(nextCA.data)
            case .publicRoot: certificates.insert(publicRoot.data)
            }
        }
        var policy = SecurityPolicy(pinningMode: plan.mode, pinnedCertificates: certificates)
        policy.pinnedPublicKeyHashes = keys
        policy.allowInvalidCertificates = plan.allowInvalidCertificates
        return policy
    }
}

/// Each test holds a release to the servers it must trust and to one it must refuse: a plan that
/// trusts everything fails them all, and so does one that trusts nothing.
@Suite("12.3 Pin for a key rotation")
struct RotationTests {
    let world = RotationWorld.shared

    func decide(_ plan: Plan, _ leaf: TestIdentity) async -> TrustDecision {
        let trust = ServerTrust(
            certificates: world.chain(leaf).map(\.data), roots: .certificates([world.publicRoot.data]),
            verifyDate: TestCertificates.evaluationTime)
        return await world.policy(plan).evaluate(trust, forDomain: "api.example.com")
    }

    func expect(_ release: String, _ plan: Plan, trusts: [TestIdentity], refuses: TestIdentity) async {
        for leaf in trusts {
            let decision = await decide(plan, leaf)
            #expect(decision.isTrusted, "the \(release) refuses \(leaf.words): its users are locked out. \(decision)")
        }
        let refused = await decide(plan, refuses)
        #expect(!refused.isTrusted, "the \(release) accepts \(refuses.words). \(refused)")
    }

    @Test("The first release trusts today's server and its renewal; never another company's certificate")
    func firstReleaseToday() async {
        await expect(
            "first release", RotationPlan.firstRelease, trusts: [world.today, world.renewal], refuses: world.misIssued)
    }

    @Test("The first release, never updated, survives the move to the backup key; never your CA's certificate for another host")
    func firstReleaseAfterTheTheft() async {
        await expect(
            "first release", RotationPlan.firstRelease, trusts: [world.backupFromCurrentCA], refuses: world.otherHost)
    }

    @Test("The first release survives next year's CA; never a certificate the thief signs himself")
    func firstReleaseNextYear() async {
        await expect(
            "first release", RotationPlan.firstRelease, trusts: [world.backupFromNextCA],
            refuses: world.selfSignedWithStolenKey)
    }

    @Test("The second release refuses today's certificate, stolen with its key, and trusts the backup key's")
    func secondReleaseShutsOutTheThief() async {
        await expect(
            "second release", RotationPlan.secondRelease, trusts: [world.backupFromCurrentCA, world.backupFromNextCA],
            refuses: world.today)
    }

    @Test("The second release survives the next rotation; never another company's certificate")
    func secondReleaseNextRotation() async {
        await expect(
            "second release", RotationPlan.secondRelease, trusts: [world.nextBackupFromNextCA], refuses: world.misIssued)
    }

    @Test("The second release never takes a certificate the thief signs himself, nor one for another host")
    func secondReleaseRefusesForgeries() async {
        await expect(
            "second release", RotationPlan.secondRelease, trusts: [world.backupFromNextCA],
            refuses: world.selfSignedWithStolenKey)
        await expect("second release", RotationPlan.secondRelease, trusts: [], refuses: world.otherHost)
        // A pinned key on a certificate nobody trustworthy signed: the pin says which key, the chain
        // says who vouches for it. (The handshake would also ask the thief for the backup key's
        // private half; a policy that leans on that alone has given up its own check.)
        let forged = await decide(RotationPlan.secondRelease, world.backupKeySignedByTheThief)
        #expect(!forged.isTrusted, """
            the second release accepts \(world.backupKeySignedByTheThief.words): it holds a pinned key, and \
            nothing else about it is valid. Which part of the policy still looks at who signed it? \(forged)
            """)
    }
}
