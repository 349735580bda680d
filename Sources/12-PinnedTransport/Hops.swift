import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NIOCore
import NIOHTTP1

extension Exchange {
    // listing: exchange-hop
    /// Sends `request` over a pooled connection for its host, port and policy, or a new one,
    /// which the policy judges at its handshake. `retry`: the request goes again, once, because
    /// the reused connection it went on closed before answering; it gets a new connection.
    func run(_ request: URLRequest, body: RequestBody, retry: Bool = false) {
        guard let url = request.url, url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else {
            return finish(.badURL(request.url))
        }
        note(url)
        let key = ConnectionPool.Key(host: host.lowercased(), port: url.port ?? 443, policy: client.policy)
        let head = RequestWriting.head(
            of: request, url: url, body: body, additional: client.additionalHeaders,
            cookie: client.cookies.header(for: request, url: url))
        let hop = Hop(exchange: self, request: request, url: url, body: body, isRetry: retry)
        if !retry, let pooled = client.pool.take(key) {
            return hop.send(HopRequest(head: head, body: body), on: pooled, reused: true)
        }
        let connectLimit = idleLimit ?? .hours(24)
        PinnedConnection.open(key, trust: client.trust, timeout: connectLimit, on: eventLoop).whenComplete { result in
            switch result {
            case .success(let connection):
                self.client.pool.adopt(connection)
                hop.send(HopRequest(head: head, body: body), on: connection, reused: false)
            case .failure(let error):
                self.finish(ConnectionFailure.from(error, verdict: nil, duringHandshake: true))
            }
        }
    }
    // end-listing

    // listing: exchange-redirect
    /// A redirect that URLSession would follow: the session's delegate decides (through
    /// `events.redirect`). Stopping reports the redirect as the response; following sends the
    /// request the delegate chose as a new hop, to a host the policy judges anew. A pinned
    /// request never leaves https: a policy cannot vouch for a connection without TLS.
    func redirect(_ response: HTTPURLResponse, body: Data, proposal: URLRequest, from previous: RequestBody) {
        guard countRedirect() else {
            return finish(.failed(.httpTooManyRedirects, url: nil, detail: "more than \(Redirects.limit) redirects"))
        }
        events.redirect(response, proposal) { chosen in
            guard !self.isFinished else { return }
            guard let chosen else {
                self.events.response(response)
                if !body.isEmpty { self.events.body(body) }
                return self.finish(nil)
            }
            guard chosen.url?.scheme?.lowercased() == "https" else {
                return self.finish(
                    .failed(
                        .appTransportSecurityRequiresSecureConnection, url: chosen.url,
                        detail: "a pinned request was redirected to \(chosen.url?.absoluteString ?? "no URL"), "
                            + "which is not https: no policy can judge it"))
            }
            self.follow(chosen, from: previous)
        }
    }
    // end-listing

    /// The request the delegate chose, as a new hop. A body stream already sent cannot go again.
    private func follow(_ chosen: URLRequest, from previous: RequestBody) {
        let next = RequestBody(chosen)
        if case .stream = next, !previous.canBeSentAgain {
            return finish(
                .failed(
                    .requestBodyStreamExhausted, url: chosen.url,
                    detail: "the redirect repeats a body stream that was already sent"))
        }
        madeProgress()
        run(chosen, body: next)
    }
}

/// One request on one connection, reporting to its exchange.
final class Hop: HopDelegate {
    private struct Redirect {
        let response: HTTPURLResponse
        let proposal: URLRequest
        var body = Data()
    }

    /// The most of a redirect's body kept for the delegate that declines to follow it.
    static let redirectBodyLimit = 1 << 20

    let exchange: Exchange
    let request: URLRequest
    let url: URL
    let body: RequestBody
    let isRetry: Bool
    private let reused = Protected(false)
    private let pendingRedirect = Protected<Redirect?>(nil)
    private let sent = Protected<Int64>(0)

    init(exchange: Exchange, request: URLRequest, url: URL, body: RequestBody, isRetry: Bool) {
        (self.exchange, self.request, self.url, self.body, self.isRetry) = (exchange, request, url, body, isRetry)
    }

    func send(_ request: HopRequest, on connection: PinnedConnection, reused: Bool) {
        self.reused.withLock { $0 = reused }
        guard exchange.attach(connection, for: url) else { return connection.close() }
        exchange.madeProgress()
        connection.begin(request, reportingTo: self)
    }

    func hopMadeProgress() {
        exchange.madeProgress()
    }

    func hopSent(_ count: Int) {
        let total = sent.withLock { sent in
            sent += Int64(count)
            return sent
        }
        exchange.events.sent(Int64(count), total, body.expectedLength)
    }

    func hopReceived(_ head: HTTPResponseHead) {
        guard let response = head.urlResponse(for: url) else {
            return exchange.finish(
                .failed(.badServerResponse, url: url, detail: "the response head cannot be read: \(head)"))
        }
        exchange.client.cookies.store(from: head.headers, of: request, url: url)
        if let proposal = Redirects.proposal(after: response, to: request) {
            return pendingRedirect.withLock { $0 = Redirect(response: response, proposal: proposal) }
        }
        if !exchange.isFinished { exchange.events.response(response) }
    }

    func hopReceived(_ body: ByteBuffer) {
        let isRedirect = pendingRedirect.withLock { redirect in
            guard redirect != nil else { return false }
            let room = max(0, Self.redirectBodyLimit - (redirect?.body.count ?? 0))
            redirect?.body.append(contentsOf: body.readableBytesView.prefix(room))
            return true
        }
        if !isRedirect, !exchange.isFinished { exchange.events.body(Data(body.readableBytesView)) }
    }

    func hopEnded(reusable: Bool) {
        if let connection = exchange.detach() {
            if reusable { exchange.client.pool.put(connection) } else { connection.close() }
        }
        if let redirect = pendingRedirect.withLock({ $0 }) {
            return exchange.redirect(redirect.response, body: redirect.body, proposal: redirect.proposal, from: body)
        }
        exchange.finish(nil)
    }

    // listing: retry-once
    /// A connection that closed before a byte of the response, after it had carried an earlier
    /// response, is most likely one the server closed as idle while the request was on its way:
    /// URLSession sends such a request again, once, on a new connection, when sending it twice
    /// cannot change anything the first did not (an idempotent method, RFC 9110 §9.2.2) and its
    /// body can be sent again (not a stream). Anything else is the error it is.
    func hopFailed(_ error: any Error, responseStarted: Bool) {
        let failure = ConnectionFailure.from(error, verdict: nil, duringHandshake: false)
        let idempotent = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(request.httpMethod ?? "GET")
        if !responseStarted, reused.withLock({ $0 }), !isRetry, idempotent, body.canBeSentAgain,
            failure.code == .networkConnectionLost
        {
            exchange.detach()?.close()
            return exchange.run(request, body: body, retry: true)
        }
        exchange.finish(failure)
    }
    // end-listing
}
