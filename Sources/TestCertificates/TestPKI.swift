import Crypto
import Foundation
import X509

/// The certificates of chapter 12's tests, made once per process: generated stand-ins for
/// AFNetworking's fixtures (httpbin.org's chain through a cross-signed root, app.net's chain, three
/// self-signed certificates), and the servers a pinning client must tell apart on loopback.
public struct TestPKI: Sendable {
    // The "system" roots of the tests: a CA store that holds `servicesRoot`, `root` and `otherRoot`.
    /// An old root ("Starfield Services Root G2" in AFNetworking's fixtures).
    public let servicesRoot: TestIdentity
    /// A newer root, self-signed ("Amazon Root CA 1").
    public let root: TestIdentity
    /// The same root (subject and key) as a certificate issued by the old root, as servers send it.
    public let crossSignedRoot: TestIdentity
    /// The CA that issues the servers' certificates ("Amazon"), issued by `root`.
    public let intermediate: TestIdentity
    /// httpbin.org's certificate, issued by `intermediate`.
    public let httpbinLeaf: TestIdentity
    /// An unrelated root, intermediate and server (AFNetworking's app.net chain).
    public let otherRoot: TestIdentity
    public let otherIntermediate: TestIdentity
    public let adnLeaf: TestIdentity

    // Servers on loopback.
    /// `localhost` and `127.0.0.1`, issued by `intermediate`: the right server.
    public let localhostLeaf: TestIdentity
    /// A root that copies `root`'s name with a key of its own, and the look-alike server it signs.
    public let rogueRoot: TestIdentity
    public let rogueLeaf: TestIdentity
    /// `localhost`, issued by `intermediate`, expired a day before the evaluation time.
    public let expiredLeaf: TestIdentity
    /// Valid, issued by `intermediate`, for another host.
    public let otherHostLeaf: TestIdentity
    /// `localhost`, signed by its own key.
    public let selfSignedLocalhost: TestIdentity
    /// `localhost`, issued by `intermediate`, valid only from a day after the evaluation time.
    public let notYetValidLeaf: TestIdentity
    /// `localhostLeaf` renewed: the same key in a new certificate (another serial number and
    /// validity), as a CA issues one when a server renews without a new key.
    public let renewedLocalhostLeaf: TestIdentity
    /// `localhost`, issued by `intermediate`, for the backup key (`TestCertificates.backupKey`): the
    /// server's certificate after a rotation to a key whose pin shipped before the certificate existed.
    package let backupKeyLeaf: TestIdentity

    // A loop: two CAs that issued each other, and a leaf under one of them.
    /// "Loop CA A", issued (and signed) by "Loop CA B".
    package let loopCA: TestIdentity
    /// "Loop CA B", issued (and signed) by "Loop CA A".
    package let loopPartnerCA: TestIdentity
    /// `localhost`, issued by "Loop CA A".
    package let loopLeaf: TestIdentity

    // AFNetworking's three self-signed fixtures, critical extended key usage included.
    /// No names at all ("NoDomains.cer").
    public let selfSignedNoDomains: TestIdentity
    /// `foobar.com` as its common name only ("foobar.com.cer").
    public let selfSignedCommonName: TestIdentity
    /// `foobar.com` as a subject alternative name ("AltName.cer").
    public let selfSignedAltName: TestIdentity

    /// Made once; every test of a run shares it (generating takes a few milliseconds).
    public static let shared: TestPKI = {
        do { return try TestPKI() } catch { fatalError("the test certificates could not be made: \(error)") }
    }()

    public init() throws {
        func authority(_ name: String) -> CertificateRecipe { CertificateRecipe(commonName: name, role: .authority) }
        func server(_ name: String, dns: [String], ips: [String] = []) -> CertificateRecipe {
            var recipe = CertificateRecipe(commonName: name, role: .server)
            recipe.dnsNames = dns
            recipe.ipAddresses = ips
            return recipe
        }
        let make = TestCertificates.make

        servicesRoot = try make(authority("Course Services Root G2"), nil).named(
            #"the old root "Course Services Root G2""#)
        root = try make(authority("Course Root CA 1"), nil).named(#"the root "Course Root CA 1""#)
        var cross = authority("Course Root CA 1")
        cross.key = root.privateKey
        crossSignedRoot = try make(cross, servicesRoot).named(
            #"the root "Course Root CA 1" cross-signed by the old root (the root's key in another certificate)"#)
        intermediate = try make(authority("Course Server CA 1B"), root).named(
            #"the intermediate "Course Server CA 1B""#)
        httpbinLeaf = try make(server("httpbin.org", dns: ["httpbin.org", "*.httpbin.org"]), intermediate).named(
            "httpbin.org's leaf")

        otherRoot = try make(authority("Other Root CA"), nil).named(#"the unrelated root "Other Root CA""#)
        otherIntermediate = try make(authority("Other Server CA"), otherRoot).named(
            #"the unrelated intermediate "Other Server CA""#)
        adnLeaf = try make(server("alpha-api.app.net", dns: ["alpha-api.app.net", "*.app.net"]), otherIntermediate)
            .named("app.net's leaf")

        let localhost = server("localhost", dns: ["localhost"], ips: ["127.0.0.1"])
        localhostLeaf = try make(localhost, intermediate).named("the right leaf for localhost")
        rogueRoot = try make(authority("Course Root CA 1"), nil).named(
            #"the rogue root (the name "Course Root CA 1", a key of its own)"#)
        rogueLeaf = try make(localhost, rogueRoot).named("the rogue leaf for localhost")
        var expired = localhost
        expired.notValidBefore = TestCertificates.evaluationTime.addingTimeInterval(-730 * 86_400)
        expired.notValidAfter = TestCertificates.evaluationTime.addingTimeInterval(-86_400)
        expiredLeaf = try make(expired, intermediate).named("a leaf for localhost that expired yesterday")
        otherHostLeaf = try make(server("other.example", dns: ["other.example"]), intermediate).named(
            "a leaf for other.example under the intermediate")
        selfSignedLocalhost = try make(localhost, nil).named("a self-signed leaf for localhost")
        var notYetValid = localhost
        notYetValid.notValidBefore = TestCertificates.evaluationTime.addingTimeInterval(86_400)
        notYetValid.notValidAfter = TestCertificates.evaluationTime.addingTimeInterval(366 * 86_400)
        notYetValidLeaf = try make(notYetValid, intermediate).named("a leaf for localhost valid only from tomorrow")
        var renewed = localhost
        renewed.key = localhostLeaf.privateKey
        renewed.notValidBefore = TestCertificates.evaluationTime.addingTimeInterval(-30 * 86_400)
        renewed.notValidAfter = TestCertificates.evaluationTime.addingTimeInterval(395 * 86_400)
        renewedLocalhostLeaf = try make(renewed, intermediate).named(
            "the right leaf's renewal (the same key in a new certificate)")
        var rotated = localhost
        rotated.key = TestCertificates.backupKey
        backupKeyLeaf = try make(rotated, intermediate).named("a leaf for localhost with the backup key")

        // B signs A, then A signs B: the first B exists only to give A its issuer's name and key.
        var partner = authority("Loop CA B")
        partner.key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        loopCA = try make(authority("Loop CA A"), try make(partner, nil)).named(#""Loop CA A", issued by "Loop CA B""#)
        loopPartnerCA = try make(partner, loopCA).named(#""Loop CA B", issued by "Loop CA A""#)
        loopLeaf = try make(localhost, loopCA).named(#"a leaf for localhost under "Loop CA A""#)

        var noDomains = server("Self-signed, no domains", dns: [])
        noDomains.extendedKeyUsageIsCritical = true
        selfSignedNoDomains = try make(noDomains, nil).named("a self-signed certificate that names no host")
        var commonName = server("foobar.com", dns: [])
        commonName.extendedKeyUsageIsCritical = true
        selfSignedCommonName = try make(commonName, nil).named(
            "a self-signed certificate naming foobar.com as its common name only")
        var altName = server("Self-signed, alt name", dns: ["foobar.com"])
        altName.extendedKeyUsageIsCritical = true
        selfSignedAltName = try make(altName, nil).named(
            "a self-signed certificate naming foobar.com as an alternative name")
    }

    /// The roots a test treats as the system's: what the Linux CA bundle is to a real program.
    public var systemRoots: [TestIdentity] { [servicesRoot, root, otherRoot] }

    /// httpbin.org's chain as its server sends it: leaf, intermediate, cross-signed root, old root.
    public var httpbinChain: [TestIdentity] { [httpbinLeaf, intermediate, crossSignedRoot, servicesRoot] }
    /// app.net's chain as its server sends it.
    public var adnChain: [TestIdentity] { [adnLeaf, otherIntermediate, otherRoot] }
}
