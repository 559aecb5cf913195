import ArgumentParser
import StrataCrossCutting

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
        do {
            return .run(try parse(arguments).options)
        } catch {
            let status = exitCode(for: error).rawValue
            if status == ExitCode.success.rawValue {
                return .exit(status: status, standardOutput: fullMessage(for: error) + "\n", standardError: "")
            }
            let line = FailureLine.line(
                program: programName, message: "\(OutputSink.explained(message(for: error))) (see \(programName) --help)")
            return .exit(status: status, standardOutput: "", standardError: line + "\n")
        }
    }

    /// The parsed values.
    public var options: NotifydOptions {
        NotifydOptions(once: once, pollInterval: pollInterval, verbose: verbose)
    }
}
