public import StrataCrossCutting

/// The `strata-notifyd` command line: parse, ask the composition root for the daemon, run it.
///
/// The host makes ``NotifydCommand`` `@main` and runs it through
/// ``main(arguments:environment:output:makeDaemon:)`` with its composition root.
public enum StrataNotifydCLI {
    /// Parses `arguments`, builds the daemon with `makeDaemon` and runs it (``NotifyDaemon/run(once:)``).
    ///
    /// - `--help` and `--version` print to standard output and return 0 without calling `makeDaemon`.
    /// - A bad argument is one line on standard error ending in `(see strata-notifyd --help)`,
    ///   exit status 64.
    /// - A start-up failure (`makeDaemon` throws: bad `STRATA_HOME` or `STRATA_LOG_LEVEL`,
    ///   unusable store or inbox) is one line on standard error, exit status 1.
    /// - Otherwise the daemon's status: 0, or 75 when `--once` left something to retry.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - environment: The process environment, passed on to `makeDaemon`.
    ///   - output: Where help, versions and error lines go.
    ///   - makeDaemon: The composition root: the store, the inbox and the push channel.
    /// - Returns: The process exit status.
    public static func main(
        arguments: [String], environment: [String: String], output: OutputSink = .standard,
        makeDaemon: (NotifydOptions, [String: String]) async throws -> NotifyDaemon
    ) async -> Int32 {
        await CommandRunner.run(
            NotifydCommand.self, program: NotifydCommand.programName, arguments: arguments, output: output, seeHelp: true,
            verbose: { ($0 as? NotifydCommand)?.verbose ?? false }
        ) { parsed in
            guard let command = parsed as? NotifydCommand else {
                return CommandRunner.runOwn(parsed, of: NotifydCommand.self, program: NotifydCommand.programName, output: output)
            }
            let options = command.options
            let daemon = try await makeDaemon(options, environment)
            return await daemon.run(once: options.once)
        }
    }
}
