import NIOCore
import NIOTLS

/// Completes its promise when the TLS handshake has succeeded, or fails it with the first error
/// (the policy's refusal among them), then leaves the pipeline. A request is written only on a
/// connection whose handshake is done: the policy has said yes before a byte of it goes out.
final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let promise: EventLoopPromise<Void>

    init(_ promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        context.fireUserInboundEventTriggered(event)
        if case TLSUserEvent.handshakeCompleted = event {
            promise.succeed()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise.fail(ChannelError.ioOnClosedChannel)  // ignored once the handshake has succeeded
    }
}
