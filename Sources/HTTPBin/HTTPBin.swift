import Foundation
import Locking
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1, started in-process by tests, the tour and the exercises.
///
/// ```swift
/// let server = try await HTTPBin.start()
/// let (data, _) = try await URLSession.shared.data(from: server.url("/get?q=1"))
/// try await server.shutdown()
/// ```
///
/// The routes are listed in `Router.swift` (and at `GET /` on a running server), the fault modes in
/// `Faults.swift`. Every request received is recorded in `requests` (those refused with 413 too);
/// the ones too malformed to parse are described in `protocolErrors`.
public final class HTTPBin: Sendable {
    /// What a test may change. The host is not configurable on purpose: the server only ever listens
    /// on the loopback interface, so no test can expose it to a network.
    public struct Configuration: Sendable {
        /// 0 lets the kernel pick a free port, which is what tests want: they can run in parallel.
        public var port: Int
        /// Request bodies above this many bytes get `413 Payload Too Large` and the connection is
        /// closed. It is also the bound on how much the server buffers for one request.
        public var maxBodySize: Int
        /// Runs first on each new connection, before the HTTP handlers are added: `HTTPBinTLS`
        /// puts its TLS handler there. (A hook, so that HTTPBin itself never depends on TLS.)
        package var prepareConnection: (@Sendable (any Channel) throws -> Void)?

        public init(port: Int = 0, maxBodySize: Int = 64 << 20) {
            self.port = port
            self.maxBodySize = maxBodySize
        }
    }

    /// `http://127.0.0.1:PORT` (no trailing slash).
    public let baseURL: URL
    public let port: Int
    public let configuration: Configuration

    // Each server owns its event loop group (one thread): shutting the group down closes the
    // listening socket and every connection, stalled ones included, and joins the thread. Nothing
    // outlives `shutdown()`, which is what the start/stop leak test checks.
    private let group: MultiThreadedEventLoopGroup
    private let log: RequestLog
    private let isShutDown = Protected(false)

    /// Starts a server and returns once it accepts connections.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> HTTPBin {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = RequestLog()
        let limits = Connection.Limits(maxBodySize: configuration.maxBodySize)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // NIO parses the requests (the hard, security-sensitive part). Responses are
                        // written by hand in `Connection`, because the fault modes must be able to
                        // send bytes that no correct encoder would produce.
                        try configuration.prepareConnection?(channel)
                        let decoder = HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(decoder))
                        try channel.pipeline.syncOperations.addHandler(Connection(limits: limits, log: log))
                    }
                }
                .bind(host: "127.0.0.1", port: configuration.port)
                .get()
            let port = channel.localAddress?.port ?? configuration.port
            return HTTPBin(group: group, log: log, port: port, configuration: configuration)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    private init(group: MultiThreadedEventLoopGroup, log: RequestLog, port: Int, configuration: Configuration) {
        self.group = group
        self.log = log
        self.port = port
        self.configuration = configuration
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// A URL on this server: `server.url("/status/418")`, `server.url("/get?a=1&b=2")`.
    public func url(_ pathAndQuery: String) -> URL {
        let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: baseURL.absoluteString + suffix)!
    }

    /// Every request received so far, oldest first (the last 10,000 at most).
    public var requests: [RecordedRequest] { log.requests }

    /// How many connections the server has accepted (behind TLS: how many handshakes were begun).
    package var connectionCount: Int { log.connectionsAccepted }

    /// How many of them are still open.
    package var openConnectionCount: Int { log.connectionsOpen }

    /// A description of every request that NIO's parser rejected as malformed (answered with 400).
    public var protocolErrors: [String] { log.protocolErrors }

    /// Closes every connection and stops the server's thread. Calling it twice is harmless.
    public func shutdown() async throws {
        guard beginShutdown() else { return }
        try await group.shutdownGracefully()
    }

    private func beginShutdown() -> Bool {
        isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
    }

    deinit {
        // A forgotten `shutdown()` must not leak a thread. This callback form does not block, so
        // it is safe from any thread, including the server's own.
        if beginShutdown() {
            group.shutdownGracefully { _ in }
        }
    }
}
