import ArgumentParser

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
            let line = startupFailureLine("\(message(for: error)) (see strata-notifyd --help)")
            return .exit(status: status, standardOutput: "", standardError: line)
        }
    }

    /// The parsed values.
    public var options: NotifydOptions {
        NotifydOptions(once: once, pollInterval: pollInterval, verbose: verbose)
    }

    /// The one line printed on standard error when start-up fails: `strata-notifyd: <message>`.
    public static func startupFailureLine(_ message: String) -> String {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "strata-notifyd: \(oneLine)\n"
    }
}
