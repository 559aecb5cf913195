import Foundation
import Logging
import NIOCore
import NIOHTTP1
import StrataWire

/// One connection's limits, in its pipeline right behind the HTTP/1 request decoder: it admits
/// the connection through the ``ConnectionRegistry`` (503 at the cap when nothing can be evicted),
/// answers 408 and closes when a request head is late, closes a connection whose request body
/// trickles in past the body timeout, closes a keep-alive connection idle for too long, and, once a graceful shutdown starts, tells the registry and closes the connection after
/// the grace period even if a request is still in flight.
///
/// A request in flight whose body has arrived (a long poll, a push being applied) is never timed
/// out here.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase {
        /// Not yet admitted.
        case opening
        /// Waiting for a request head, timed by the header timeout; `sawBytes` once part of it came.
        case awaitingHead(sawBytes: Bool)
        /// A request is in flight.
        case busy
        /// Between requests, timed by the idle timeout.
        case idle
        /// Refused at the cap, or timed out: answered and closing.
        case closing
    }

    private let registry: ConnectionRegistry
    private let limits: ConnectionLimits
    private let logger: Logger
    private var phase = Phase.opening
    private var id: Int?
    private var inFlight = 0
    private var timer: Scheduled<Void>?
    /// Runs while a request's body is still arriving (from its head to its end).
    private var bodyTimer: Scheduled<Void>?
    private var shutdownTimer: Scheduled<Void>?
    /// The request in flight asked for the connection to end with its response (HTTP/1.0 without
    /// keep-alive, `Connection: close` in any case or list).
    private var closeAfterResponse = false

    init(registry: ConnectionRegistry, limits: ConnectionLimits, logger: Logger) {
        self.registry = registry
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        forget()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        forget()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .closing, .opening: return  // refused or timed out: nothing more reaches the app
        case .awaitingHead, .idle, .busy: break
        }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if !head.isKeepAlive { closeAfterResponse = true }
            logger.trace("request head read", metadata: ["method": "\(head.method)"])
            inFlight += 1
            if inFlight == 1 {
                phase = .busy
                cancelTimer()
            }
            armBodyTimer(context)
        case .end:
            bodyTimer?.cancel()
            bodyTimer = nil
            // Only a request whose body has arrived is protected from eviction at the cap: one
            // still trickling its body in counts as waiting, like a late head.
            if inFlight > 0, case .busy = phase, let id { registry.setBusy(id, true) }
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    /// A request head the decoder cannot read (a NUL or another control byte in the path or a
    /// header, a head over 80 KiB, an unknown method or version) is answered here, 400 with a
    /// `WireError` body like every other client error, and the connection closes; Hummingbird
    /// would answer an empty 400. A body that breaks while a request is in flight is the
    /// handler's to answer (`WireErrorMiddleware`), so that error goes on.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, inFlight == 0 else { return context.fireErrorCaught(error) }
        switch phase {
        case .awaitingHead, .idle:
            phase = .closing
            cancelTimer()
            logger.debug("answering a malformed request head", metadata: ["error": "\(error)"])
            answer(context, .badRequest, "badRequest", "the request's HTTP head is malformed: \(error)")
        case .closing:
            return  // answered already; the decoder reports the rest of the bad bytes again
        case .opening, .busy:
            context.fireErrorCaught(error)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), case .busy = phase {
            inFlight -= 1
            if inFlight == 0, closeAfterResponse {
                // Hummingbird keeps such a connection open (it reads only an exact `close`, and no
                // HTTP version): a client reading to the end of the stream would wait for the idle timeout.
                phase = .closing
                cancelTimer()
                let written = promise ?? context.eventLoop.makePromise(of: Void.self)
                context.write(data, promise: written)
                written.futureResult.assumeIsolated().whenComplete { [self] _ in
                    context.close(mode: .output, promise: nil)
                    timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
                }
                return
            }
            if inFlight == 0 {
                phase = .idle
                if let id { registry.setBusy(id, false) }
                arm(context, after: limits.idleTimeout)
            }
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is ByteArrivalNotifier.BytesArrived:
            switch phase {
            case .idle:
                phase = .awaitingHead(sawBytes: true)
                cancelTimer()
                arm(context, after: limits.headerTimeout)
            case .awaitingHead:
                phase = .awaitingHead(sawBytes: true)
            case .opening, .busy, .closing:
                break
            }
        case is ChannelShouldQuiesceEvent:
            registry.shutdownStarted()
            if shutdownTimer == nil {
                let logger = logger
                let grace = limits.shutdownGrace
                shutdownTimer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(grace)) {
                    logger.warning("shutdown: closing a connection whose request still runs after the \(grace) grace")
                    context.close(promise: nil)
                }
            }
            context.fireUserInboundEventTriggered(event)
        case let event as ChannelEvent where event == .inputClosed:
            if case .closing = phase { context.close(promise: nil) }
            context.fireUserInboundEventTriggered(event)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: - Admission and timers

    private func admit(_ context: ChannelHandlerContext) {
        guard case .opening = phase else { return }
        switch registry.admit(context.channel) {
        case .admitted(let id):
            self.id = id
            phase = .awaitingHead(sawBytes: false)
            arm(context, after: limits.headerTimeout)
        case .refused:
            phase = .closing
            answer(
                context, .serviceUnavailable, "unavailable",
                "the server has \(limits.maxConnections) connections open, each with a request in flight; try again")
        }
    }

    /// Runs the phase's timeout after `delay`.
    private func arm(_ context: ChannelHandlerContext, after delay: Duration) {
        cancelTimer()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in
            timer = nil
            switch phase {
            case .awaitingHead(let sawBytes):
                phase = .closing
                logger.debug("closing a connection whose request head is late", metadata: ["bytes": "\(sawBytes)"])
                if sawBytes {
                    answer(
                        context, .requestTimeout, "timeout", "the request head did not arrive within \(limits.headerTimeout)")
                } else {
                    context.close(promise: nil)
                }
            case .idle:
                phase = .closing
                logger.trace("closing an idle connection")
                context.close(promise: nil)
            case .opening, .busy, .closing:
                break
            }
        }
    }

    /// Closes the connection when the request's body is not complete within the body timeout:
    /// the handler reading it is in flight and answers nothing more, so the connection just ends.
    private func armBodyTimer(_ context: ChannelHandlerContext) {
        bodyTimer?.cancel()
        bodyTimer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.bodyTimeout)) { [self] in
            bodyTimer = nil
            phase = .closing
            logger.debug("closing a connection whose request body is late", metadata: ["timeout": "\(limits.bodyTimeout)"])
            context.close(promise: nil)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func forget() {
        cancelTimer()
        bodyTimer?.cancel()
        bodyTimer = nil
        shutdownTimer?.cancel()
        shutdownTimer = nil
        if let id { registry.remove(id) }
        id = nil
    }

    /// Answers `status` with a `WireError` body and `Connection: close`, then closes: the output at
    /// once (so the answer is not lost to a reset), the rest when the client closes or a second later.
    private func answer(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ code: String, _ reason: String) {
        let body = (try? WireCoding.encoder().encode(WireError(error: code, reason: reason))) ?? Data()
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) {
            context.close(promise: nil)
        }
    }
}
