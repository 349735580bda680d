import Foundation
import Locking
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// One TLS connection to a server, judged by the policy at its handshake, that carries one
/// request at a time and may be kept for the next.
final class PinnedConnection: Sendable {
    let key: ConnectionPool.Key
    private let channel: any Channel
    private let handler: NIOLoopBound<ConnectionHandler>

    /// A decoded body may be at most this many times larger than the compressed bytes it came
    /// from. Text and JSON compress 5 to 20 times; a "bomb", a few kilobytes that inflate to
    /// gigabytes, about a thousand: past the limit the response fails instead of the app's memory.
    static let decompressionRatio = 100

    private init(key: ConnectionPool.Key, channel: any Channel, handler: ConnectionHandler) {
        self.key = key
        self.channel = channel
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
    }

    // listing: open-connection
    /// Connects, and completes once the TLS handshake is done: the policy has judged the chain
    /// the server presented (`PinnedTLS`), and the handshake went on only if it trusted it.
    /// A refusal fails with the policy's decision.
    static func open(
        _ key: ConnectionPool.Key, trust: TrustSettings, timeout: TimeAmount, on eventLoop: any EventLoop
    ) -> EventLoopFuture<PinnedConnection> {
        let verdict = Protected<HandshakeVerdict?>(nil)
        let handshake = eventLoop.makePromise(of: Void.self)
        let connecting = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(PinnedTLS.clientHandler(host: key.host, trust: trust, verdict: verdict))
                    try pipeline.addHandler(HandshakeWaiter(handshake))
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: .ratio(decompressionRatio)))
                    try pipeline.addHandler(ConnectionHandler())
                }
            }
            .connect(host: key.host, port: key.port)
        return connected(connecting, handshake: handshake, key: key, verdict: verdict)
    }
    // end-listing

    // listing: open-connection-handshake
    /// The connection, once both the TCP connection and the TLS handshake are done; or the
    /// policy's refusal, or what went wrong.
    private static func connected(
        _ connecting: EventLoopFuture<any Channel>, handshake: EventLoopPromise<Void>, key: ConnectionPool.Key,
        verdict: Protected<HandshakeVerdict?>
    ) -> EventLoopFuture<PinnedConnection> {
        connecting.whenFailure { handshake.fail($0) }  // a promise must never be left unfulfilled
        return connecting.and(handshake.futureResult)
            .flatMapThrowing { channel, _ in
                let handler = try channel.pipeline.syncOperations.handler(type: ConnectionHandler.self)
                return PinnedConnection(key: key, channel: channel, handler: handler)
            }
            .flatMapErrorThrowing { error in
                connecting.whenSuccess { $0.close(promise: nil) }
                throw ConnectionFailure.from(error, verdict: verdict.withLock { $0 }, duringHandshake: true)
            }
    }
    // end-listing

    var isActive: Bool { channel.isActive }
    var eventLoop: any EventLoop { channel.eventLoop }
    var closeFuture: EventLoopFuture<Void> { channel.closeFuture }

    func close() {
        channel.close(promise: nil)
    }

    /// Starts one request on this connection; what happens to it is reported to `delegate`.
    func begin(_ request: HopRequest, reportingTo delegate: any HopDelegate) {
        channel.eventLoop.execute { [handler] in
            handler.value.begin(request, reportingTo: delegate)
        }
    }
}
