import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with Strata's connection limits in its pipeline: a
/// ``ByteArrivalNotifier`` first, and a ``ConnectionGuard`` right behind the request decoder.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let registry: ConnectionRegistry
    let limits: ConnectionLimits
    let logger: Logger

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let registry = registry
        let limits = limits
        let guardLogger = self.logger
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(
                ConnectionGuard(registry: registry, limits: limits, logger: guardLogger), position: .after(decoder.handler))
            try pipeline.addHandler(ByteArrivalNotifier(), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
