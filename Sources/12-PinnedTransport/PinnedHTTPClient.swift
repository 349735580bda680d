import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore
import NIOPosix

/// An HTTP/1.1 client over SwiftNIO whose TLS handshakes ask a policy: connections kept alive
/// and pooled per host, port and policy, an idle timeout between bytes, redirects proposed to
/// whoever asks, decoded bodies, streamed uploads, cookies. `PinnedHTTPSProtocol` runs URLSession's
/// https requests through it; tests and the benchmark call it directly. It exists because
/// URLSession on Linux never asks anyone about a server's certificate, and AsyncHTTPClient, the
/// ecosystem's HTTP client, cannot take a verification callback (swift-server/async-http-client#285).
package struct PinnedHTTPClient: Sendable {
    /// What happens to a request, in order: any number of `redirect` questions, then one
    /// `response`, any number of `body` chunks, and `finished`, with nil for success; or, at any
    /// point, `finished` with the error. Called from NIO's threads, one at a time.
    package struct Events: Sendable {
        package var response: @Sendable (HTTPURLResponse) -> Void
        package var body: @Sendable (Data) -> Void
        package var finished: @Sendable (PinnedTransportError?) -> Void
        /// Asked at each redirect with the response and the request URLSession would send next;
        /// the answer is the request to send, or nil to stop and report the redirect itself.
        package var redirect: @Sendable (HTTPURLResponse, URLRequest, @escaping @Sendable (URLRequest?) -> Void) -> Void
        /// Body bytes written: this time's, the hop's total, and the total expected (-1: unknown).
        package var sent: @Sendable (_ bytes: Int64, _ total: Int64, _ expected: Int64) -> Void = { _, _, _ in }

        package init(
            response: @escaping @Sendable (HTTPURLResponse) -> Void, body: @escaping @Sendable (Data) -> Void,
            finished: @escaping @Sendable (PinnedTransportError?) -> Void,
            redirect:
                @escaping @Sendable (HTTPURLResponse, URLRequest, @escaping @Sendable (URLRequest?) -> Void) -> Void =
                { $2($1) }
        ) {
            (self.response, self.body, self.finished, self.redirect) = (response, body, finished, redirect)
        }
    }

    package let trust: TrustSettings
    /// The name the client's connections are pooled under: clients with the same name share them.
    package let policy: PolicyID
    package var pool: ConnectionPool
    /// The longest wait for a byte, connecting and the handshake included (URLSession's request
    /// timeout); a request that waits longer fails with -1001.
    package var timeout: TimeInterval = 60
    /// Sent with requests that do not set the header themselves: a session's `httpAdditionalHeaders`.
    package var additionalHeaders: [String: String] = [:]
    package var cookies = CookieJar(storage: nil)

    package init(trust: TrustSettings, policy: PolicyID = .unique(), pool: ConnectionPool = .shared) {
        (self.trust, self.policy, self.pool) = (trust, policy, pool)
    }

    /// Sends `request` (its body from `httpBody` or `httpBodyStream`), following redirects as
    /// `events.redirect` answers, and reports through `events`.
    @discardableResult
    package func start(_ request: URLRequest, events: Events) -> Exchange {
        let exchange = Exchange(client: self, events: events, eventLoop: MultiThreadedEventLoopGroup.singleton.next())
        exchange.start(request)
        return exchange
    }

    /// The whole response at once (redirects followed).
    package func send(_ request: URLRequest) async throws(PinnedTransportError) -> (HTTPURLResponse, Data) {
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
                                    .failed(.badServerResponse, url: request.url, detail: "the server sent no response")
                                ))
                        }
                        continuation.resume(returning: .success((response, data)))
                    }))
        }
        return try result.get()
    }
}
