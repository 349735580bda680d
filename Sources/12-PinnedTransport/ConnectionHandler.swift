import NIOCore
import NIOHTTP1

/// One request to send on a connection.
struct HopRequest: Sendable {
    let head: HTTPRequestHead
    let body: RequestBody
}

/// Where a connection reports what happens to the request it carries, on its event loop.
protocol HopDelegate: AnyObject, Sendable {
    /// A byte moved, one way or the other: the request's idle timer starts again.
    func hopMadeProgress()
    /// `count` more bytes of the request's body were written to the socket.
    func hopSent(_ count: Int)
    func hopReceived(_ head: HTTPResponseHead)
    func hopReceived(_ body: ByteBuffer)
    /// The response ended; `reusable`: the connection may carry another request.
    func hopEnded(reusable: Bool)
    /// The exchange failed; `responseStarted`: some of the response had arrived.
    func hopFailed(_ error: any Error, responseStarted: Bool)
}

/// The last handler of a connection's pipeline: sends one request at a time and hands the
/// response's parts to the request's delegate. Between requests it is idle, and a byte that
/// arrives then (a server that sent more than its `Content-Length` said) makes the connection
/// unusable: it is closed rather than lent to the next request.
final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private var context: ChannelHandlerContext?
    private var delegate: (any HopDelegate)?
    private var responseStarted = false
    private var requestSent = false
    private var keepAlive = false
    private var closesAfterward = false

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    // listing: connection-begin
    func begin(_ request: HopRequest, reportingTo delegate: any HopDelegate) {
        guard let context, context.channel.isActive, self.delegate == nil else {
            return delegate.hopFailed(ChannelError.ioOnClosedChannel, responseStarted: false)
        }
        self.delegate = delegate
        (responseStarted, requestSent, keepAlive) = (false, false, false)
        closesAfterward = request.head.headers["connection"].contains { $0.lowercased() == "close" }
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        switch request.body {
        case .none:
            sendEnd(context, for: delegate)
        case .data(let data):
            let written = context.eventLoop.makePromise(of: Void.self)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: written)
            written.futureResult.assumeIsolated().whenSuccess { delegate.hopSent(data.count) }
            sendEnd(context, for: delegate)
        case .stream(let stream, let length):
            context.flush()
            BodyStreamer(stream: stream, length: length, context: context, handler: self, delegate: delegate).next()
        }
    }
    // end-listing

    /// Whether `delegate` is still the one this connection works for (a streamer checks before
    /// each chunk: the exchange may have ended, and the connection been closed, meanwhile).
    func isCurrent(_ delegate: any HopDelegate) -> Bool {
        self.delegate === delegate
    }

    func sendEnd(_ context: ChannelHandlerContext, for delegate: any HopDelegate) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenSuccess {
            guard self.isCurrent(delegate) else { return }
            self.requestSent = true
            delegate.hopMadeProgress()
        }
    }

    /// The request body could not be sent whole: the connection is closed, so that the server
    /// never takes what it got for the whole body.
    func abandon(_ delegate: any HopDelegate, because error: any Error) {
        guard isCurrent(delegate) else { return }
        self.delegate = nil
        delegate.hopFailed(error, responseStarted: responseStarted)
        context?.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let delegate else { return closeUnexpected(context) }
        delegate.hopMadeProgress()
        switch unwrapInboundIn(data) {
        case .head(let head):
            (responseStarted, keepAlive) = (true, head.isKeepAlive)
            delegate.hopReceived(head)
        case .body(let body):
            delegate.hopReceived(body)
        case .end:
            self.delegate = nil
            let reusable = keepAlive && requestSent && !closesAfterward
            // Reported after the bytes read with the end have been handled: if they held more
            // than the response, `closeUnexpected` has closed the connection by then.
            context.eventLoop.assumeIsolated().execute {
                delegate.hopEnded(reusable: reusable && context.channel.isActive)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let delegate {
            self.delegate = nil
            delegate.hopFailed(error, responseStarted: responseStarted)
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let delegate {
            self.delegate = nil
            delegate.hopFailed(ChannelError.eof, responseStarted: responseStarted)
        }
        context.fireChannelInactive()
    }

    private func closeUnexpected(_ context: ChannelHandlerContext) {
        context.close(promise: nil)
    }
}
