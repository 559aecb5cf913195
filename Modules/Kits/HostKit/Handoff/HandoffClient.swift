import Foundation
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#endif

/// `strata-host open`'s end of the handoff channel: hands a URL to the interactive
/// `strata-host` of the same container when one answers (see ``HandoffWire``).
///
/// Nothing is sent unless the socket at the address is the user's own, a process of the same
/// user (`SO_PEERCRED`) accepts within 2 s and greets; otherwise the outcome is
/// ``Outcome/noHost`` and the caller runs the URL itself. A socket nobody listens on (a killed
/// host's) is left for the next interactive host to replace.
enum HandoffClient {
    /// How handing a URL over ended.
    enum Outcome: Equatable, Sendable {
        /// No running host answered (no socket, a stale one, a foreign one, no greeting in
        /// time, or a URL too long for a request): nothing was handed over.
        case noHost
        /// The host with process id `pid` opened the URL.
        case opened(pid: Int32)
        /// The host refused the URL, and why.
        case refused(pid: Int32, reason: String)
        /// The URL was sent, but no reply came within ``HandoffWire/replyTimeout``.
        case unanswered(pid: Int32)
    }

    /// Hands `url` to the host listening at `address`, on a blocking lane (``BlockingLane/shared``).
    static func handOver(_ url: URL, address: HandoffAddress) async -> Outcome {
        let text = url.absoluteString
        return await BlockingLane.shared.run { exchange(text, at: address.path) }
    }

    /// The exchange (blocking).
    static func exchange(_ url: String, at path: String) -> Outcome {
        let request = HandoffWire.openVerb + url
        guard request.utf8.count < HandoffWire.requestLimit,
            case .socket(let owner, _) = HandoffSocket.kind(of: path), owner == getuid(),
            case .connected(let socket) = HandoffSocket.connect(to: path, timeout: HandoffWire.greetingTimeout)
        else { return .noHost }
        defer { close(socket) }
        guard let peer = HandoffSocket.peer(socket), peer.uid == getuid(),
            HandoffSocket.readLine(socket, limit: 256, until: .now + HandoffWire.greetingTimeout)
                == .line(HandoffWire.greeting)
        else { return .noHost }
        guard HandoffSocket.writeLine(socket, request, until: .now + HandoffWire.greetingTimeout) else {
            return .unanswered(pid: peer.pid)
        }
        let answer = HandoffSocket.readLine(socket, limit: HandoffWire.replyLimit, until: .now + HandoffWire.replyTimeout)
        guard case .line(let line) = answer, let reply = HandoffWire.Reply(line: line) else {
            return .unanswered(pid: peer.pid)
        }
        switch reply {
        case .opened: return .opened(pid: peer.pid)
        case .refused(let reason): return .refused(pid: peer.pid, reason: reason)
        }
    }
}
