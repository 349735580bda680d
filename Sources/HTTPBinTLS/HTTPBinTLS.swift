import Foundation
import HTTPBin
import Locking
import NIOCore
import NIOSSL

/// HTTPBin behind TLS: the same routes, on `https://127.0.0.1:PORT`, with the certificate chain
/// and key a test chooses (a right server, a rogue one, an expired one…). Chapter 12's tests and
/// exercises use it; nothing else builds swift-nio-ssl.
///
/// ```swift
/// let server = try await HTTPBinTLS.start(chain: [leaf.der, intermediate.der], privateKeyPEM: leaf.privateKeyPEM)
/// // … requests to server.url("/get") …
/// try await server.shutdown()
/// ```
public final class HTTPBinTLS: Sendable {
    /// The plain server underneath, for its `requests` log.
    public let server: HTTPBin
    /// `https://127.0.0.1:PORT` (no trailing slash).
    public let baseURL: URL
    public var port: Int { server.port }
    /// What the next connection's handshake presents.
    private let identity: Protected<NIOSSLContext>

    /// Starts a server that presents `chain` (DER, leaf first, sent exactly as given: a test may
    /// send certificates that do not belong to the chain) and proves it owns the leaf with
    /// `privateKeyPEM`.
    public static func start(chain: [[UInt8]], privateKeyPEM: String, configuration: HTTPBin.Configuration = .init())
        async throws
        -> HTTPBinTLS
    {
        let identity = Protected(try context(chain: chain, privateKeyPEM: privateKeyPEM))
        var configuration = configuration
        configuration.prepareConnection = { channel in
            let context = identity.withLock { $0 }
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        }
        let server = try await HTTPBin.start(configuration)
        return HTTPBinTLS(server: server, identity: identity)
    }

    private init(server: HTTPBin, identity: Protected<NIOSSLContext>) {
        self.server = server
        self.identity = identity
        self.baseURL = URL(string: "https://127.0.0.1:\(server.port)")!
    }

    /// From now on, new connections are answered with `chain` (the connections already open keep
    /// theirs): a server whose certificate changes between two connections of one client.
    package func present(chain: [[UInt8]], privateKeyPEM: String) throws {
        let context = try Self.context(chain: chain, privateKeyPEM: privateKeyPEM)
        identity.withLock { $0 = context }
    }

    private static func context(chain: [[UInt8]], privateKeyPEM: String) throws -> NIOSSLContext {
        let certificates = try chain.map { try NIOSSLCertificate(bytes: $0, format: .der) }
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        return try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key)))
    }

    /// A URL on this server: `server.url("/get")`.
    public func url(_ pathAndQuery: String) -> URL {
        let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: baseURL.absoluteString + suffix)!
    }

    public func shutdown() async throws {
        try await server.shutdown()
    }
}
