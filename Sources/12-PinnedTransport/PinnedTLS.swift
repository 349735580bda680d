import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore
import NIOSSL
import SecurityPolicy

/// What the policy said about one handshake, and the chain it judged.
struct HandshakeVerdict: Sendable {
    let decision: TrustDecision
    let presented: [Data]
}

/// The TLS client side: a handshake whose verdict on the server's certificates is the policy's.
enum PinnedTLS {
    /// One context for every connection. Its own trust roots are never read: the callback below
    /// replaces all of BoringSSL's verification.
    static let context: NIOSSLContext? = {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([])
        // Not `.fullVerification`: that adds NIOSSL's own host-name check after the handshake,
        // which would override a policy that does not validate the domain. Not `.none`: then the
        // callback is never called. The policy owns the whole decision.
        configuration.certificateVerification = .noHostnameVerification
        return try? NIOSSLContext(configuration: configuration)
    }()

    // listing: tls-verification
    /// A client handler that hands the chain to `trust` and records the decision in `verdict`,
    /// so that a failed handshake can be reported with the policy's reason. The verifier is
    /// `async`; the callback may complete its promise from anywhere, so it runs in a task.
    static func clientHandler(host: String, trust: TrustSettings, verdict: Protected<HandshakeVerdict?>) throws
        -> NIOSSLClientHandler
    {
        guard let context else {
            throw PinnedTransportError.failed(.secureConnectionFailed, url: nil, detail: "TLS is unavailable")
        }
        // SNI carries names only: an IP address is left out, and checked by the policy alone.
        let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
        return try NIOSSLClientHandler(context: context, serverHostname: serverName) { certificates, promise in
            let presented = certificates.map { Data((try? $0.toDERBytes()) ?? []) }
            Task {
                let decision = await trust.decide(presented: presented, host: host)
                verdict.withLock { $0 = HandshakeVerdict(decision: decision, presented: presented) }
                promise.succeed(decision.isTrusted ? .certificateVerified(VerificationMetadata(nil)) : .failed)
            }
        }
    }
    // end-listing
}
