import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// What the request's body stream failed with.
struct BodyStreamError: Error, CustomStringConvertible {
    let description: String
}

/// An `InputStream` handed between the thread that reads it and the event loop that sends it,
/// never used by both at once: each read is one step, and the next starts only once the chunk it
/// read has been written.
private final class StreamBox: @unchecked Sendable {
    let stream: InputStream
    var isOpen = false
    var sent = 0

    init(_ stream: InputStream) {
        self.stream = stream
    }

    /// At most `count` bytes, `[]` at the end, or the stream's error. Blocking, as streams are.
    func read(_ count: Int) throws -> [UInt8] {
        if !isOpen {
            stream.open()
            isOpen = true
        }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = stream.read(&buffer, maxLength: count)
        guard read >= 0 else {
            throw BodyStreamError(
                description: "the request's body stream failed after \(sent) bytes: "
                    + "\(stream.streamError.map { "\($0)" } ?? "no reason given")")
        }
        return Array(buffer.prefix(read))
    }
}

// listing: body-streaming
/// Sends a body stream with back-pressure: a chunk is read (on NIO's thread pool, since a
/// stream's `read` blocks) only once the previous one has been written to the socket, so a
/// 200 MB stream never sits in memory, and a server that stops reading stops the reading. A
/// stream that fails, or that ends short of the `Content-Length` it announced, fails the request
/// and closes the connection: the body's end is never sent, so the server cannot mistake the
/// bytes it got for the whole body.
struct BodyStreamer {
    static let chunkSize = 64 * 1024

    private let box: StreamBox
    private let length: Int?
    private let context: ChannelHandlerContext
    private let handler: ConnectionHandler
    private let delegate: any HopDelegate

    init(
        stream: InputStream, length: Int?, context: ChannelHandlerContext, handler: ConnectionHandler,
        delegate: any HopDelegate
    ) {
        (box, self.length, self.context, self.handler, self.delegate) = (
            StreamBox(stream), length, context, handler, delegate
        )
    }

    // end-listing

    // listing: body-streaming-next
    /// Reads the next chunk, then, on the event loop, sends it (or the end, or the failure).
    func next() {
        let wanted = min(Self.chunkSize, length.map { $0 - box.sent + 1 } ?? Self.chunkSize)
        NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) { [box] in try box.read(wanted) }
            .assumeIsolated().whenComplete { result in
                guard handler.isCurrent(delegate) else { return box.stream.close() }
                switch result {
                case .success(let bytes) where bytes.isEmpty: finish()
                case .success(let bytes): send(bytes)
                case .failure(let error): fail(error)
                }
            }
    }
    // end-listing

    private func send(_ bytes: [UInt8]) {
        box.sent += bytes.count
        if let length, box.sent > length {
            return fail(
                BodyStreamError(description: "the request's body stream is longer than its Content-Length, \(length)"))
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: written)
        written.futureResult.assumeIsolated().whenSuccess {
            delegate.hopMadeProgress()
            delegate.hopSent(bytes.count)
            next()
        }
    }

    private func finish() {
        box.stream.close()
        if let length, box.sent != length {
            return fail(
                BodyStreamError(description: "the request's body stream ended after \(box.sent) of its \(length) bytes")
            )
        }
        handler.sendEnd(context, for: delegate)
    }

    private func fail(_ error: any Error) {
        box.stream.close()
        handler.abandon(delegate, because: error)
    }
}
