import Foundation
import X509

/// What a TLS handshake hands the client to judge: the certificates as the server presented them
/// (leaf first), the roots to trust, and the time to judge them at. It stands where Apple's
/// `SecTrust` stands in AFNetworking, which also carries anchors and a verification date.
///
/// The presented list is only *material*: the chain that is judged is built from the leaf by
/// issuer names and signatures (a server may send certificates that belong to no chain at all).
public struct ServerTrust: Sendable {
    /// DER certificates, leaf first, in the order the server sent them.
    public var certificates: [Data]
    public var roots: TrustRoots
    /// The time to check validity at; nil means now.
    public var verifyDate: Date?

    public init(certificates: [Data], roots: TrustRoots = .system, verifyDate: Date? = nil) {
        self.certificates = certificates
        self.roots = roots
        self.verifyDate = verifyDate
    }
}

/// The certificate authorities a chain may end at when nothing is pinned: the system's, or a list.
public struct TrustRoots: Sendable {
    enum Source: Sendable {
        /// These roots, judged by swift-certificates' `Verifier` with the course's rules.
        case certificates(CertificateStore)
        /// The system's own judge: Apple's `SecTrust`, with its anchors, distrust lists and TLS rules.
        case appleSystem
    }

    let source: Source

    // listing: system-roots
    /// The system's trusted roots. On Linux, the CA bundle, read from
    /// `/etc/ssl/certs/ca-certificates.crt` (or Fedora's path). On Apple platforms, the system's
    /// anchors as `SecTrust` applies them, as AFNetworking's `AFServerTrustIsValid` does. Elsewhere,
    /// none: every chain that needs them is refused.
    public static var system: TrustRoots {
        #if canImport(Security)
        TrustRoots(source: .appleSystem)
        #elseif os(Linux)
        TrustRoots(source: .certificates(.systemTrustRoots))
        #else
        TrustRoots(source: .certificates(CertificateStore()))
        #endif
    }
    // end-listing

    /// Exactly these roots (DER); a root that does not parse is left out.
    public static func certificates(_ roots: [Data]) -> TrustRoots {
        TrustRoots(
            source: .certificates(CertificateStore(roots.compactMap { try? Certificate(derEncoded: Array($0)) })))
    }
}
