import NIOCore
import NIOHTTP1

/// One TCP connection: receives requests from NIO's parser, asks the router for a reply, and plays
/// the reply's script onto the socket.
///
/// Everything here runs on the connection's event loop thread, so no state needs a lock; the
/// scheduled steps use `assumeIsolated()` to say so to the compiler.
final class Connection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    struct Limits: Sendable {
        let maxBodySize: Int
    }

    /// A reply waiting for its turn, with what the connection must know to frame it.
    private struct Job {
        let reply: Reply
        let keepAlive: Bool
        let isHead: Bool
        var sentRawBytes = false
    }

    private let limits: Limits
    private let log: RequestLog

    /// The request being received: its head and the body so far (never more than the limit).
    private var receiving: (head: HTTPRequestHead, body: ByteBuffer, answeredContinue: Bool)?
    /// Set after a 413, a 417, a 400 or a `.hold`: whatever else the client sends is dropped unread.
    private var discarding = false
    /// HTTP/1.1 answers pipelined requests in order: a request that completes while a reply is still
    /// playing waits here, and the connection stops reading until the queue drains, so a client
    /// cannot make the queue grow without bound.
    private var queue: [Job] = []
    private var isReplying = false
    private var pendingStep: Scheduled<Void>?
    private var lastWrite: EventLoopFuture<Void>?
    /// This connection's number in the log (0 until it is added to a channel).
    private var number = 0
    /// Set by `/fault/drop-next-request`: the next request is read, then the connection closed.
    private var dropsNextRequest = false

    init(limits: Limits, log: RequestLog) {
        self.limits = limits
        self.log = log
    }

    func handlerAdded(context: ChannelHandlerContext) {
        number = log.connectionOpened()
    }

    // MARK: Receiving

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !discarding else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if dropsNextRequest {
                // A server closing a kept-alive connection just as a request arrives on it.
                log.record(RecordedRequest(head: head, bodySize: 0, connection: number))
                discarding = true
                context.close(promise: nil)
                return
            }
            if Fault.stopsReading(uri: head.uri) {
                log.record(RecordedRequest(head: head, bodySize: 0, connection: number))
                discarding = true
                setReading(false, context: context)
                return
            }
            // A declared length over the limit is refused before a single body byte is read.
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > limits.maxBodySize {
                reject(head, bodyBytesReceived: 0, context: context)
                return
            }
            // RFC 9110 §10.1.1: 100-continue is the only expectation HTTP defines, and a server may
            // answer any other with 417. Real servers do (an empty `Expect:` included), so HTTPBin
            // does too: a client that sends one must not pass here and fail elsewhere.
            if let expectation = head.headers.first(name: "expect"), expectation.lowercased() != "100-continue" {
                refuse(
                    head, with: .expectationFailed,
                    "the only expectation this server meets is 100-continue, not Expect: \"\(expectation)\"",
                    context: context)
                return
            }
            receiving = (head, ByteBuffer(), answerExpectContinue(head, context: context))
        case .body(var chunk):
            // Only the count is read here: holding a second reference to the body while appending
            // to it would make every chunk copy the whole body so far.
            guard let received = receiving?.body.readableBytes, let head = receiving?.head else { return }
            let total = received + chunk.readableBytes
            // A chunked body announces no length: the limit is enforced as the bytes arrive.
            guard total <= limits.maxBodySize else {
                reject(head, bodyBytesReceived: total, context: context)
                return
            }
            receiving?.body.writeBuffer(&chunk)
        case .end:
            guard let (head, body, answeredContinue) = receiving else { return }
            receiving = nil
            log.record(
                RecordedRequest(
                    head: head, bodySize: body.readableBytes, answeredContinue: answeredContinue, connection: number))
            let reply = Router.reply(to: Request(head: head, body: body))
            enqueue(Job(reply: reply, keepAlive: head.isKeepAlive, isHead: head.method == .HEAD), context: context)
        }
    }

    /// A client that sends `Expect: 100-continue` waits for this interim response before sending
    /// the body (libcurl waits one second, then sends anyway). NIO does not answer it by itself.
    /// `/fault/no-continue` skips it to show that one-second stall. Returns whether it answered.
    private func answerExpectContinue(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Bool {
        guard head.headers.first(name: "expect")?.lowercased() == "100-continue",
            !Fault.ignoresExpectContinue(uri: head.uri),
            !isReplying, queue.isEmpty  // never interleave it with another reply's bytes
        else { return false }
        write(Wire.head(.continue, [:]), context: context)
        return true
    }

    private func reject(_ head: HTTPRequestHead, bodyBytesReceived: Int, context: ChannelHandlerContext) {
        let message = "the request body is larger than the limit of \(limits.maxBodySize) bytes"
        refuse(head, with: .payloadTooLarge, message, bodyBytesReceived: bodyBytesReceived, context: context)
    }

    /// Answers with a client error and closes: the rest of the request is dropped unread.
    private func refuse(
        _ head: HTTPRequestHead, with status: HTTPResponseStatus, _ message: String, bodyBytesReceived: Int = 0,
        context: ChannelHandlerContext
    ) {
        receiving = nil
        discarding = true
        log.record(RecordedRequest(head: head, bodySize: bodyBytesReceived, connection: number))
        enqueue(
            Job(reply: [.respond(.clientError(message, status: status))], keepAlive: false, isHead: false),
            context: context)
    }

    /// NIO's parser reports what is not HTTP/1.1 here: garbage, oversized header fields (80 KiB),
    /// `Content-Length` together with `Transfer-Encoding`... The client gets a 400 and the
    /// connection is closed, since nothing after the error can be trusted. Other errors (a reset
    /// connection, say) just close it.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        guard !discarding else { return }
        log.recordProtocolError("\(parserError)")
        receiving = nil
        discarding = true
        let reply: Reply = [.respond(.clientError("malformed HTTP request: \(parserError)"))]
        enqueue(Job(reply: reply, keepAlive: false, isHead: false), context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        log.connectionClosed()
        pendingStep?.cancel()
        queue.removeAll()
        context.fireChannelInactive()
    }

    // MARK: Replying

    private func enqueue(_ job: Job, context: ChannelHandlerContext) {
        queue.append(job)
        if isReplying {
            setReading(false, context: context)
        } else {
            startNextJob(context: context)
        }
    }

    private func startNextJob(context: ChannelHandlerContext) {
        guard !isReplying, !queue.isEmpty else { return }
        isReplying = true
        let job = queue.removeFirst()
        play(job.reply[...], of: job, context: context)
    }

    /// Plays the steps in order. A pause schedules the rest of the script on the event loop and
    /// returns, so a slow reply never blocks the thread that serves every other connection.
    private func play(_ remaining: ArraySlice<Step>, of job: Job, context: ChannelHandlerContext) {
        var job = job
        var steps = remaining
        while let step = steps.popFirst() {
            switch step {
            case .respond(let response):
                send(response, for: job, context: context)
            case .send(let bytes):
                job.sentRawBytes = true
                write(bytes, context: context)
            case .pause(let delay):
                pendingStep = context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                    self.play(steps, of: job, context: context)
                }
                return
            case .close:
                closeAfterWrites(context: context)
                return
            case .dropNextRequest:
                dropsNextRequest = true
            case .hold:
                discarding = true
                queue.removeAll()
                setReading(true, context: context)  // so that the client's close is noticed
                return
            }
        }
        finish(job, context: context)
    }

    private func finish(_ job: Job, context: ChannelHandlerContext) {
        isReplying = false
        // After raw bytes the framing may be anything: never reuse such a connection.
        guard job.keepAlive, !job.sentRawBytes else {
            closeAfterWrites(lingering: discarding, context: context)
            return
        }
        if queue.isEmpty {
            setReading(true, context: context)
        } else {
            startNextJob(context: context)
        }
    }

    /// Adds the framing only the connection knows: the length, `Connection: close` when it will
    /// close, and no body for HEAD (whose headers still describe the body a GET would get).
    private func send(_ response: Response, for job: Job, context: ChannelHandlerContext) {
        var headers = response.headers
        if response.mayHaveBody {
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.readableBytes))
        }
        if !job.keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        }
        write(Wire.head(response.status, headers), context: context)
        if response.mayHaveBody, !job.isHead, response.body.readableBytes > 0 {
            write(response.body, context: context)
        }
    }

    private func write(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        lastWrite = context.writeAndFlush(wrapOutboundOut(bytes))
    }

    /// `close()` discards writes still waiting for the socket, so a large body (or the half body
    /// of `close-mid-body`) must be out before the connection closes.
    ///
    /// After a refused request (413, 400) the client may still be sending the rest of it. Closing at
    /// once would make the kernel answer those bytes with a reset, which can destroy the refusal
    /// before the client reads it. So the connection stops writing, drops whatever still arrives
    /// (`discarding`) for up to a second, and only then closes.
    private func closeAfterWrites(lingering: Bool = false, context: ChannelHandlerContext) {
        let written = lastWrite ?? context.eventLoop.makeSucceededVoidFuture()
        written.assumeIsolated().whenComplete { _ in
            guard lingering else {
                context.close(promise: nil)
                return
            }
            context.close(mode: .output, promise: nil)
            self.setReading(true, context: context)
            self.pendingStep = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) {
                context.close(promise: nil)
            }
        }
    }

    private func setReading(_ on: Bool, context: ChannelHandlerContext) {
        _ = context.channel.setOption(ChannelOptions.autoRead, value: on)
        if on { context.read() }
    }
}
