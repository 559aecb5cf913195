/// What the handoff channel carries: one exchange of short lines on one connection.
///
/// ```
/// host   → client  strata-host handoff 1        (at once: the host is alive and listening)
/// client → host    open strata://reports/new?…   (within 2 s, at most 8 KiB with the line feed)
/// host   → client  opened                        (or: refused <reason>)
/// ```
///
/// The client sends nothing before the greeting, so a host that is hung (or a socket nobody
/// answers on) costs at most ``greetingTimeout`` and the URL is run by `strata-host open`
/// itself, never twice.
enum HandoffWire {
    /// The host's first line.
    static let greeting = "strata-host handoff 1"
    /// The request's verb (followed by the URL).
    static let openVerb = "open "
    /// The longest request line, line feed included.
    static let requestLimit = 8192
    /// The longest reply line, line feed included.
    static let replyLimit = 8192
    /// How long the host waits for a whole request after the greeting.
    static let requestDeadline = Duration.seconds(requestSeconds)
    /// ``requestDeadline`` in seconds, for messages.
    static let requestSeconds = 2
    /// How long the client waits to connect, and then for the greeting.
    static let greetingTimeout = Duration.seconds(2)
    /// How long the client waits for the reply once the URL is sent (the host opens it first).
    static let replyTimeout = Duration.seconds(replySeconds)
    /// ``replyTimeout`` in seconds, for messages.
    static let replySeconds = 15
    /// How many requests the host serves at once; more are refused as busy.
    static let concurrentRequests = 4

    /// The host's answer to a request.
    enum Reply: Equatable {
        /// A micro-app took the URL; its screen is on top in the running host.
        case opened
        /// Not opened, and why (in the host's language).
        case refused(String)

        /// The reply as a line (without the line feed); a reason's line breaks become spaces,
        /// and a reason too long for ``replyLimit`` (one echoing a long URL) is cut with `…`.
        var line: String {
            switch self {
            case .opened: return "opened"
            case .refused(let reason):
                var text = "refused " + String(reason.map { $0.isNewline ? " " : $0 })
                while text.utf8.count >= HandoffWire.replyLimit - 4 { text = String(text.dropLast(text.count / 4)) + "…" }
                return text
            }
        }

        /// Reads a reply line; `nil` when it is neither.
        init?(line: String) {
            if line == "opened" {
                self = .opened
            } else if line.hasPrefix("refused ") {
                self = .refused(String(line.dropFirst("refused ".count)))
            } else {
                return nil
            }
        }
    }
}
