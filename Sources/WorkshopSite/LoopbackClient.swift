import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Workshop

/// A blocking HTTP/1.1 client for one server on 127.0.0.1: chromedriver. Not URLSession, because
/// chromedriver writes its header lines with no space after the colon (`Content-Length:915`),
/// which HTTP allows and FoundationNetworking on Linux rejects ("Failed writing header"). NIO's
/// parser reads them, and the workshop links NIO already.
final class LoopbackClient: Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let port: Int

    init(port: Int) {
        self.port = port
    }

    /// Sends one request on a connection of its own and waits for the whole response.
    func send(_ method: HTTPMethod, _ path: String, body: Data?, timeout: TimeAmount = .seconds(180)) throws -> (
        status: Int, body: Data
    ) {
        let channel = try ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHTTPClientHandlers() }
            }
            .connect(host: "127.0.0.1", port: port)
            .wait()
        let response = channel.eventLoop.makePromise(of: (status: Int, body: Data).self)
        do {
            try channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(Collector(response: response))
            }.wait()
        } catch {
            response.fail(error)
            channel.close(promise: nil)
            throw error
        }
        let timer = channel.eventLoop.scheduleTask(in: timeout) {
            response.fail(WorkshopError("chromedriver did not answer \(method) \(path) in time"))
        }
        defer {
            timer.cancel()
            channel.close(promise: nil)
        }
        var headers = HTTPHeaders([("Host", "127.0.0.1:\(port)"), ("Connection", "close")])
        let bytes = body.map { ByteBuffer(bytes: $0) }
        if let bytes {
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(bytes.readableBytes))
        }
        channel.write(
            HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)),
            promise: nil)
        if let bytes { channel.write(HTTPClientRequestPart.body(.byteBuffer(bytes)), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        return try response.futureResult.wait()
    }

    func shutdown() {
        try? group.syncShutdownGracefully()
    }

    /// Gathers the response and completes the promise at its end, or with the connection's error.
    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = HTTPClientResponsePart

        private let response: EventLoopPromise<(status: Int, body: Data)>
        private var status = 0
        private var body = ByteBuffer()

        init(response: EventLoopPromise<(status: Int, body: Data)>) {
            self.response = response
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = Int(head.status.code)
            case .body(var part): body.writeBuffer(&part)
            case .end: response.succeed((status, Data(body.readableBytesView)))
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            response.fail(error)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            response.fail(WorkshopError("chromedriver closed the connection before answering"))
        }
    }
}
