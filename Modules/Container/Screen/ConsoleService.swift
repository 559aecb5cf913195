public import StrataCrossCutting
import Synchronization

/// Where a micro-app writes the answer to a request opened without a terminal.
///
/// A scripted host (`strata-host open strata://reports/new?…`, or a subcommand turned into such
/// a URL) registers one under ``serviceName`` before it opens the URL. A micro-app that finds it
/// performs the request, writes the result with ``write(_:)`` (text or JSON, as the request's
/// `format` asked) or reports what went wrong with ``fail(_:)``, and draws no screen. The host
/// then prints the first failure as its one error line and exits non-zero.
///
/// ```swift
/// if let console = await context.findService(ConsoleService.serviceName) as? ConsoleService {
///     console.write(report.objectId ?? "")
/// }
/// ```
public final class ConsoleService: StrataService {
    /// The name a scripted host registers the console under.
    public static let serviceName = "console"

    /// Where the request came from, which decides whether a route that cannot be undone runs.
    public enum Origin: Sendable, Equatable {
        /// A command the person typed (`strata-host reports delete ID`): every route runs.
        case command
        /// A URL from outside (a link clicked in a page or a message: `xdg-open` → `strata-host
        /// open`): a route that needs a confirmation is refused, since no one was asked.
        case link
    }

    /// Where the request came from.
    public let origin: Origin
    private let sink: OutputSink
    private let recorded = Mutex<[any Error]>([])

    /// A console writing to `sink`, for a request from `origin`.
    public init(sink: OutputSink, origin: Origin = .command) {
        self.sink = sink
        self.origin = origin
    }

    /// Nothing to start.
    public func start(context: any ContainerContext) async throws {}

    /// Writes the result (a line, a table, a JSON document) to standard output, with every
    /// control character but line feeds and tabs escaped (`TerminalText.escapedKeepingLines(_:)`).
    public func write(_ text: String) {
        sink.out(TerminalText.escapedKeepingLines(text))
    }

    /// Records that the request failed; the host prints the error as its one error line.
    public func fail(_ error: any Error) {
        recorded.withLock { $0.append(error) }
    }

    /// The failures recorded, oldest first.
    public var failures: [any Error] { recorded.withLock { $0 } }
}

extension ContainerContext {
    /// The console of a scripted run, or `nil` when a person is at a terminal.
    public var console: ConsoleService? {
        get async { await findService(ConsoleService.serviceName) as? ConsoleService }
    }
}
