import ArgumentParser
import Foundation
import Logging
import StrataContainer
import StrataCrossCutting
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive `strata-host`'s end of the handoff channel, as a container service
/// (`handoff` in the built-in configuration, started with the `live` group): `strata-host open
/// URL` (and so `xdg-open strata://…`) hands URLs to it, and it opens them in its container —
/// the scheme handlers route them and the micro-app's screen is on top at once.
///
/// - The socket is at ``HandoffAddress`` (per user, per container), mode 0600 in a 0700
///   folder the user owns; only a peer of the same user (`SO_PEERCRED`) is served.
/// - Accepting and reading run on blocking lanes (``BlockingLane``), never the cooperative
///   pool; each request is one line of at most
///   8 KiB that must arrive within 2 s (``HandoffWire``), at most four at once (a fifth
///   connection is closed without a greeting, so its opener runs the URL itself).
/// - A socket left by a host that ended without closing it (killed) is stale: nobody answers
///   on it, so it is removed and the channel bound afresh.
/// - A second interactive host of the same container finds the first one answering and takes
///   no URLs: its start fails with a line saying which process does (the boot goes on). So is
///   anything else at the path (a symbolic link, a file): it is reported, never followed or removed.
/// - A route the micro-app refuses (a value out of range, an unknown id or parameter: what a
///   one-shot open refuses) is shown on the screen and answered `refused <reason>`
///   (``RouteOutcome``), so the opener exits 1 with the reason; a route that cannot be undone
///   (`strata://reports/<id>/delete`) opens its confirmation screen.
/// - One-shot boots (`open`, subcommands) never listen (`enabled` is false).
final class HandoffListener: StrataService {
    static let typeName = "HandoffListener"

    /// Where the socket is looked for.
    let container: String
    /// Whether this boot listens (the interactive host only).
    let enabled: Bool
    let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var address: HandoffAddress?
        var inode: UInt64 = 0
        var wake: Int32 = -1
        var serving = 0
    }

    init(container: String, enabled: Bool, logger: Logger) {
        self.container = container
        self.enabled = enabled
        self.logger = logger
    }

    /// Binds the socket (on a blocking lane) and starts accepting.
    ///
    /// - Throws: ``ContainerError`` (`serviceStartFailed`) naming why this host takes no URLs.
    func start(context: any ContainerContext) async throws {
        guard enabled else { return }
        let container = container
        let claimed = await BlockingLane.shared.run { Self.claim(container: container) }
        switch claimed {
        case .failure(let reason):
            throw ContainerError(
                .serviceStartFailed,
                localized(
                    "\(reason); this strata-host takes no strata:// URLs from strata-host open",
                    ja: "\(reason)。この strata-host は strata-host open からの strata:// URL を受け取りません"))
        case .bound(let address, let socket, let inode, let stale):
            var pipeEnds: [Int32] = [-1, -1]
            guard pipe(&pipeEnds) == 0 else {
                let code = errno
                await BlockingLane.shared.run {
                    close(socket)
                    unlink(address.path)
                }
                throw ContainerError(
                    .serviceStartFailed,
                    localized(
                        "cannot make the handoff channel's wake-up pipe: \(HandoffSocket.describe(code))",
                        ja: "引き渡しチャネルの起床用パイプを作成できません: \(HandoffSocket.describe(code))"))
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            state.withLock { $0 = State(address: address, inode: inode, wake: pipeEnds[1]) }
            if stale { logger.info("handoff: removed a stale socket", metadata: ["path": "\(address.path)"]) }
            logger.info("handoff: listening", metadata: ["path": "\(address.path)"])
            let wake = pipeEnds[0]
            BlockingLane(label: "strata.handoff.accept").start { [self] in acceptLoop(socket, wake: wake, context: context) }
        }
    }

    /// Stops accepting and removes the socket (if it is still the one this host bound).
    func willDestroy() async {
        let (address, inode, wake) = state.withLock { state in
            defer {
                state.address = nil
                state.wake = -1
            }
            return (state.address, state.inode, state.wake)
        }
        guard let address else { return }
        await BlockingLane.shared.run {
            if HandoffSocket.kind(of: address.path) == .socket(owner: getuid(), inode: inode) { unlink(address.path) }
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
            close(wake)
        }
    }

    // MARK: Serving (on the channel's threads)

    private func acceptLoop(_ socket: Int32, wake: Int32, context: any ContainerContext) {
        defer {
            close(socket)
            close(wake)
        }
        while true {
            var entries = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if entries[1].revents != 0 { return }
            guard entries[0].revents & Int16(POLLIN) != 0 else {
                if entries[0].revents != 0 { return }  // POLLERR, POLLNVAL: the socket is gone
                continue
            }
            let client = accept(socket, nil, nil)
            guard client >= 0 else {
                // Out of descriptors (EMFILE, ENFILE, ENOBUFS): the waiting client stays queued
                // and poll would report it again at once; pause instead of spinning.
                let code = errno
                if code != EINTR && code != EAGAIN && code != ECONNABORTED { _ = poll(nil, 0, 100) }
                continue
            }
            // Not inherited by children (close-on-exec; Glibc's Swift module has no accept4): a
            // short window, and the host execs nothing while it serves.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { state in
                guard state.serving < HandoffWire.concurrentRequests else { return false }
                state.serving += 1
                return true
            }
            guard admitted else {
                // Closed without a greeting: that opener sends nothing and runs its URL itself.
                logger.warning("handoff: busy, closed a connection without serving it")
                close(client)
                continue
            }
            BlockingLane.shared.start { [self] in
                serve(client, context: context)
                close(client)
                state.withLock { $0.serving -= 1 }
            }
        }
    }

    /// One exchange: the peer must be this user; greeting, request, reply.
    private func serve(_ client: Int32, context: any ContainerContext) {
        guard let peer = HandoffSocket.peer(client), peer.uid == getuid() else {
            logger.warning("handoff: refused a connection from another user")
            return
        }
        guard HandoffSocket.writeLine(client, HandoffWire.greeting, until: .now + HandoffWire.requestDeadline) else { return }
        let reply: HandoffWire.Reply
        switch HandoffSocket.readLine(client, limit: HandoffWire.requestLimit, until: .now + HandoffWire.requestDeadline) {
        case .closed:
            return
        case .timedOut:
            reply = .refused(
                localized(
                    "no whole request within \(HandoffWire.requestSeconds) s",
                    ja: "\(HandoffWire.requestSeconds) 秒以内に要求が届きませんでした"))
        case .tooLong:
            reply = .refused(
                localized(
                    "the request is longer than \(HandoffWire.requestLimit) bytes",
                    ja: "要求が \(HandoffWire.requestLimit) バイトを超えています"))
        case .line(let line):
            reply = answer(line, from: peer, context: context)
        }
        HandoffSocket.writeLine(client, reply.line, until: .now + HandoffWire.requestDeadline)
    }

    /// Reads the request as `strata-host open` reads its argument and opens it in the container.
    private func answer(_ line: String, from peer: HandoffSocket.Peer, context: any ContainerContext) -> HandoffWire.Reply {
        guard line.hasPrefix(HandoffWire.openVerb) else {
            return .refused(
                localized(
                    "expected 'open <strata:// URL>', got '\(TerminalText.escaped(String(line.prefix(40))))'",
                    ja: "'open <strata:// URL>' を期待しましたが、'\(TerminalText.escaped(String(line.prefix(40))))' でした"))
        }
        let url: URL
        do {
            let parsed = try OpenURL(String(line.dropFirst(HandoffWire.openVerb.count)))
            guard HostRegistry.routes[parsed.route] != nil else {
                return .refused(
                    localized(
                        "no micro-app handles strata://\(TerminalText.escaped(parsed.route))",
                        ja: "strata://\(TerminalText.escaped(parsed.route)) を扱うマイクロアプリはありません"))
            }
            url = try parsed.url(json: false)
        } catch let invalid as ValidationError {
            return .refused(invalid.message)
        } catch {
            return .refused(ErrorText.readable(error))
        }
        logger.info("handoff: opening a URL", metadata: ["url": "\(url.absoluteString)", "pid": "\(peer.pid)"])
        return BlockingLane.wait {
            do {
                // The micro-app shows a refused route on its screen; the opener hears it too.
                let (opened, outcome) = try await RouteOutcome.observing {
                    try await context.open(url, source: "strata-host open")
                }
                if let refusal = outcome.refusal { return .refused(refusal) }
                if opened { return .opened }
                return .refused(
                    localized("no micro-app took \(url.absoluteString)", ja: "\(url.absoluteString) を受け取ったマイクロアプリはありません"))
            } catch {
                return .refused((error as? any StrataError)?.message ?? "\(error)")
            }
        }
    }
}
