import NIOCore

/// The first handler of a connection's pipeline: before passing bytes on to the HTTP decoder it
/// tells the ``ConnectionGuard`` behind the decoder that bytes arrived, so the guard can time a
/// request head from its first byte.
final class ByteArrivalNotifier: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The event the notifier sends up the pipeline before each read.
    struct BytesArrived: Sendable {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
    }
}
