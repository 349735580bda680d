import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SecurityPolicy

/// A small HTTPS client over SwiftNIO whose TLS handshake asks a `SecurityPolicy`: one request per
/// connection, HTTP/1.1, no redirects followed (a 3xx is handed back as it came). It exists because
/// URLSession on Linux never asks a delegate about a server's certificate.
public struct PinnedHTTPClient: Sendable {
    /// What happens to a request, in order: one `response`, any number of `body` chunks, then
    /// `finished` with nil for success. Called on the connection's event loop.
    public struct Events: Sendable {
        public var response: @Sendable (HTTPURLResponse) -> Void
        public var body: @Sendable (Data) -> Void
        public var finished: @Sendable (PinnedTransportError?) -> Void

        public init(
            response: @escaping @Sendable (HTTPURLResponse) -> Void, body: @escaping @Sendable (Data) -> Void,
            finished: @escaping @Sendable (PinnedTransportError?) -> Void
        ) {
            self.response = response
            self.body = body
            self.finished = finished
        }
    }

    /// A request in flight; `cancel()` closes its connection.
    public final class Exchange: Sendable {
        let channel = Protected<(any Channel)?>(nil)
        let cancelled = Protected(false)

        public func cancel() {
            cancelled.withLock { $0 = true }
            channel.withLock { $0 }?.close(promise: nil)
        }
    }

    public let trust: TrustSettings
    /// How long connecting may take.
    public var connectTimeout: TimeAmount = .seconds(30)

    public init(trust: TrustSettings) {
        self.trust = trust
    }

    /// Sends `request` (body from `httpBody`, or read whole from `httpBodyStream`) and reports
    /// its response through `events`.
    @discardableResult
    public func start(_ request: URLRequest, events: Events) -> Exchange {
        let exchange = Exchange()
        guard let url = request.url, url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else {
            events.finished(.badURL(request.url))
            return exchange
        }
        let port = url.port ?? 443
        let verdict = Protected<HandshakeVerdict?>(nil)
        let reader = ResponseReader.Callbacks(url: url, events: events, verdict: verdict)
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(connectTimeout)
            .channelInitializer { [trust] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        PinnedTLS.clientHandler(host: host, trust: trust, verdict: verdict))
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseReader(reader))
                }
            }
        let (head, body) = RequestWriting.parts(of: request, url: url, host: host, port: port)
        bootstrap.connect(host: host, port: port).whenComplete { result in
            switch result {
            case .failure(let error):
                reader.fail(
                    .connection(
                        code: NSURLErrorCannotConnectToHost, url: url,
                        detail: "cannot connect to \(host):\(port): \(error)"))
            case .success(let channel):
                exchange.channel.withLock { $0 = channel }
                if exchange.cancelled.withLock({ $0 }) { channel.close(promise: nil) }
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                if let body {
                    channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
                }
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            }
        }
        return exchange
    }

    /// The whole response at once.
    public func send(_ request: URLRequest) async throws(PinnedTransportError) -> (HTTPURLResponse, Data) {
        let result: Result<(HTTPURLResponse, Data), PinnedTransportError> = await withCheckedContinuation {
            continuation in
            let collected = Protected<(HTTPURLResponse?, Data)>((nil, Data()))
            start(
                request,
                events: Events(
                    response: { response in collected.withLock { $0.0 = response } },
                    body: { chunk in collected.withLock { $0.1.append(chunk) } },
                    finished: { error in
                        let (response, data) = collected.withLock { $0 }
                        if let error { return continuation.resume(returning: .failure(error)) }
                        guard let response else {
                            return continuation.resume(
                                returning: .failure(
                                    .connection(
                                        code: NSURLErrorBadServerResponse, url: request.url,
                                        detail: "the server sent no response")))
                        }
                        continuation.resume(returning: .success((response, data)))
                    }))
        }
        return try result.get()
    }
}
