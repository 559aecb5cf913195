import StrataCrossCutting
import Synchronization

extension NotifydCommand {
    /// What `main` does with its arguments: run the daemon, or print something and exit.
    public enum Launch: Sendable {
        /// Arguments are fine: run with these options.
        case run(NotifydOptions)
        /// Nothing to run (`--help`, `--version`, a bad argument): print and exit with `status`.
        case exit(status: Int32, standardOutput: String, standardError: String)
    }

    /// Parses `arguments` (without the program name).
    ///
    /// `--help` and `--version` print to standard output and exit 0; a bad argument is one
    /// line on standard error (`strata-notifyd: …`) and exit status 64.
    public static func launch(_ arguments: [String]) -> Launch {
        let printed = Mutex((standardOutput: "", standardError: ""))
        let output = OutputSink(
            standardOutput: { text in printed.withLock { $0.standardOutput += text + "\n" } },
            standardError: { text in printed.withLock { $0.standardError += text + "\n" } })
        let status: Int32
        switch CommandRunner.parse(Self.self, program: programName, arguments: arguments, output: output, seeHelp: true) {
        case .command(let command as NotifydCommand): return .run(command.options)
        case .command(let other): status = CommandRunner.runOwn(other, of: Self.self, program: programName, output: output)
        case .exit(let code): status = code
        }
        return printed.withLock { .exit(status: status, standardOutput: $0.standardOutput, standardError: $0.standardError) }
    }

    /// The parsed values.
    public var options: NotifydOptions {
        NotifydOptions(
            once: once, pollInterval: pollInterval, verbose: verbose, enrichDeadline: enrichDeadline, desktop: desktop)
    }
}
