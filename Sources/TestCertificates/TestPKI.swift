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

        servicesRoot = try make(authority("Course Services Root G2"), nil)
        root = try make(authority("Course Root CA 1"), nil)
        var cross = authority("Course Root CA 1")
        cross.key = root.privateKey
        crossSignedRoot = try make(cross, servicesRoot)
        intermediate = try make(authority("Course Server CA 1B"), root)
        httpbinLeaf = try make(server("httpbin.org", dns: ["httpbin.org", "*.httpbin.org"]), intermediate)

        otherRoot = try make(authority("Other Root CA"), nil)
        otherIntermediate = try make(authority("Other Server CA"), otherRoot)
        adnLeaf = try make(server("alpha-api.app.net", dns: ["alpha-api.app.net", "*.app.net"]), otherIntermediate)

        localhostLeaf = try make(server("localhost", dns: ["localhost"], ips: ["127.0.0.1"]), intermediate)
        rogueRoot = try make(authority("Course Root CA 1"), nil)
        rogueLeaf = try make(server("localhost", dns: ["localhost"], ips: ["127.0.0.1"]), rogueRoot)
        var expired = server("localhost", dns: ["localhost"], ips: ["127.0.0.1"])
        expired.notValidBefore = TestCertificates.evaluationTime.addingTimeInterval(-730 * 86_400)
        expired.notValidAfter = TestCertificates.evaluationTime.addingTimeInterval(-86_400)
        expiredLeaf = try make(expired, intermediate)
        otherHostLeaf = try make(server("other.example", dns: ["other.example"]), intermediate)
        selfSignedLocalhost = try make(server("localhost", dns: ["localhost"], ips: ["127.0.0.1"]), nil)

        var noDomains = server("Self-signed, no domains", dns: [])
        noDomains.extendedKeyUsageIsCritical = true
        selfSignedNoDomains = try make(noDomains, nil)
        var commonName = server("foobar.com", dns: [])
        commonName.extendedKeyUsageIsCritical = true
        selfSignedCommonName = try make(commonName, nil)
        var altName = server("Self-signed, alt name", dns: ["foobar.com"])
        altName.extendedKeyUsageIsCritical = true
        selfSignedAltName = try make(altName, nil)
    }

    /// The roots a test treats as the system's: what the Linux CA bundle is to a real program.
    public var systemRoots: [TestIdentity] { [servicesRoot, root, otherRoot] }

    /// httpbin.org's chain as its server sends it: leaf, intermediate, cross-signed root, old root.
    public var httpbinChain: [TestIdentity] { [httpbinLeaf, intermediate, crossSignedRoot, servicesRoot] }
    /// app.net's chain as its server sends it.
    public var adnChain: [TestIdentity] { [adnLeaf, otherIntermediate, otherRoot] }
}
