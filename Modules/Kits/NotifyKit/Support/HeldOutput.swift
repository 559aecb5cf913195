public import StrataCrossCutting
import Synchronization

/// An ``OutputSink`` whose lines are held until ``release()``, then written to the sink it
/// wraps in the order they came; after the release each line goes straight through.
///
/// `strata-notifyd`'s composition root hands ``sink`` to what it builds (the desktop's "why
/// lines only" notice) and the daemon releases it once it runs: a start that fails later (the
/// inbox path taken by a file, a store that cannot be opened) prints its one error line and
/// nothing before it.
///
/// ```swift
/// let startup = HeldOutput(.standard)
/// let desktop = try await DesktopNotificationsFactory.freedesktop(…, output: startup.sink)
/// return NotifyDaemon(…, desktop: desktop, startupOutput: startup)
/// ```
public final class HeldOutput: Sendable {
    private struct State {
        var released = false
        var held: [(toError: Bool, text: String)] = []
    }

    private let target: OutputSink
    private let state = Mutex(State())

    /// Holds the lines meant for `target`.
    public init(_ target: OutputSink) {
        self.target = target
    }

    /// The sink to write to: held until ``release()``, then straight through.
    public var sink: OutputSink {
        OutputSink(
            standardOutput: { [self] in pass($0, toError: false) },
            standardError: { [self] in pass($0, toError: true) })
    }

    /// Writes what was held, in order, and lets later lines through at once.
    public func release() {
        // Written under the lock: a line passed meanwhile never overtakes the held ones.
        state.withLock { state in
            guard !state.released else { return }
            for line in state.held { write(line.text, toError: line.toError) }
            state.released = true
            state.held = []
        }
    }

    /// The lines held now (for a test).
    public var heldLines: [String] { state.withLock { $0.held.map(\.text) } }

    private func pass(_ text: String, toError: Bool) {
        state.withLock { state in
            if state.released { write(text, toError: toError) } else { state.held.append((toError, text)) }
        }
    }

    private func write(_ text: String, toError: Bool) {
        if toError { target.err(text) } else { target.out(text) }
    }
}
