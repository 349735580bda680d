import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore
import NIOHTTP1
import NIOSSL
import SecurityPolicy

/// Reads one HTTP response off the connection and reports it, once.
final class ResponseReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// The reporting side, shared with the code that connects: whichever fails first reports,
    /// and nothing is reported after `finished`.
    final class Callbacks: Sendable {
        let url: URL
        let events: PinnedHTTPClient.Events
        let verdict: Protected<HandshakeVerdict?>
        private let isFinished = Protected(false)

        init(url: URL, events: PinnedHTTPClient.Events, verdict: Protected<HandshakeVerdict?>) {
            self.url = url
            self.events = events
            self.verdict = verdict
        }

        func finish(_ error: PinnedTransportError?) {
            guard
                isFinished.withLock({ finished in
                    defer { finished = true }
                    return !finished
                })
            else { return }
            events.finished(error)
        }

        func fail(_ error: PinnedTransportError) { finish(error) }

        var finished: Bool { isFinished.withLock { $0 } }

        // listing: refusal-becomes-1202
        /// What a failed connection reports: the policy's refusal when the policy refused (the
        /// handshake error NIOSSL raises says only that verification failed), else the error.
        func failure(from error: any Error) -> PinnedTransportError {
            if let verdict = verdict.withLock({ $0 }), !verdict.decision.isTrusted {
                return .untrusted(verdict.decision, url: url, presented: verdict.presented)
            }
            // A TCP close without TLS's goodbye is a lost connection; any other TLS error is TLS's.
            let isTLS = (error is NIOSSLError && (error as? NIOSSLError) != .uncleanShutdown) || error is BoringSSLError
            let code = isTLS ? NSURLErrorSecureConnectionFailed : NSURLErrorNetworkConnectionLost
            return .connection(code: code, url: url, detail: "the connection to \(url.host ?? "") failed: \(error)")
        }
        // end-listing
    }

    private let callbacks: Callbacks

    init(_ callbacks: Callbacks) {
        self.callbacks = callbacks
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let headers = Dictionary(head.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
            let version = "HTTP/\(head.version.major).\(head.version.minor)"
            if let response = HTTPURLResponse(
                url: callbacks.url, statusCode: Int(head.status.code), httpVersion: version, headerFields: headers)
            {
                callbacks.events.response(response)
            }
        case .body(let buffer):
            callbacks.events.body(Data(buffer.readableBytesView))
        case .end:
            callbacks.finish(nil)
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        callbacks.fail(callbacks.failure(from: error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        callbacks.fail(
            .connection(
                code: NSURLErrorNetworkConnectionLost, url: callbacks.url,
                detail: "the server closed the connection before the response ended"))
        context.fireChannelInactive()
    }
}
