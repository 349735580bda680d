import Foundation
import HTTPBinTLS
import PinnedTransport
import SecurityPolicy
import TestCertificates

/// The servers of the handshake tests: HTTPBin behind TLS, each presenting one chain.
enum TLSServer {
    /// `localhost` and 127.0.0.1, issued by the intermediate: the right server.
    static var right: [TestIdentity] { [pki.localhostLeaf, pki.intermediate] }
    /// A look-alike: the same names, from a root that copies the real root's name.
    static var rogue: [TestIdentity] { [pki.rogueLeaf, pki.rogueRoot] }
    static var expired: [TestIdentity] { [pki.expiredLeaf, pki.intermediate] }
    static var wrongHost: [TestIdentity] { [pki.otherHostLeaf, pki.intermediate] }
    /// The rogue chain with the real intermediate (the pin) appended: it signed nothing here.
    static var appendedPin: [TestIdentity] { [pki.rogueLeaf, pki.rogueRoot, pki.intermediate] }
    static var selfSigned: [TestIdentity] { [pki.selfSignedLocalhost] }

    /// Runs `body` against a server presenting `chain`, then stops the server.
    @discardableResult
    static func with<T>(_ chain: [TestIdentity], _ body: (HTTPBinTLS) async throws -> T) async throws -> T {
        let server = try await HTTPBinTLS.start(chain: chain.map(\.der), privateKeyPEM: chain[0].privateKeyPEM)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}

/// Trust settings as the tests use them: the tests' roots, at the tests' fixed time.
func trustSettings(_ policy: SecurityPolicy) -> TrustSettings {
    TrustSettings(
        policy: policy, roots: .certificates(pki.systemRoots.map(\.data)), verifyDate: TestCertificates.evaluationTime)
}
