import ArgumentParser
import Logging
public import StrataCrossCutting

/// The `strata-host` command line: parse, ask the composition root for the domain, run.
///
/// The host's `main.swift` is one call: `exit(StrataHostCLI.main(arguments:environment:makeDomain:))`.
/// Everything else — commands, output, error lines — lives here and is tested with the
/// in-memory data layer.
public enum StrataHostCLI {
    /// The program name used in messages (`strata-host: …`).
    public static let programName = "strata-host"

    /// Parses `arguments`, builds the runtime with `makeDomain` and runs the command.
    ///
    /// - `--help` and `--version` print to standard output and return 0 without calling
    ///   `makeDomain`, so they never touch the store.
    /// - A usage error prints one line (`strata-host: <what was wrong>`) and returns
    ///   ArgumentParser's exit code (64); `--verbose` adds the usage text.
    /// - Any other failure prints one line naming what was wrong and returns 1; `--verbose`
    ///   adds the error code.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - environment: The process environment, passed on to `makeDomain`.
    ///   - output: Where to write (default: the real standard output and error).
    ///   - makeDomain: The composition root: picks the logger, the store and the domain.
    /// - Returns: The process exit status.
    public static func main(
        arguments: [String],
        environment: [String: String],
        output: OutputSink = .standard,
        makeDomain: (HostLaunch) throws -> HostRuntime
    ) -> Int32 {
        let parsed: any ParsableCommand
        do {
            parsed = try RootCommand.parseAsRoot(arguments)
        } catch {
            return reportParseFailure(error, verbose: arguments.contains("--verbose"), output: output)
        }
        guard let command = parsed as? any HostSubcommand else {
            // A command group given without its subcommand (`strata-host reports`): show its help.
            var group = parsed
            do {
                try group.run()
                return 0
            } catch {
                return reportParseFailure(error, verbose: arguments.contains("--verbose"), output: output)
            }
        }
        let verbose = command.global.verbose
        do {
            let runtime = try makeDomain(HostLaunch(verbose: verbose, environment: environment))
            let context = HostContext(
                domain: runtime.domain, output: output, clock: runtime.clock,
                logger: runtime.logger, location: runtime.location)
            let name = String(reflecting: type(of: command))
            runtime.logger.debug("running command", metadata: ["command": "\(name)", "store": "\(runtime.location)"])
            try command.run(context)
            return 0
        } catch {
            output.err(FailureLine.line(program: programName, error: error, verbose: verbose))
            return 1
        }
    }

    /// Prints help or version to standard output (exit 0), or a usage error as one line.
    private static func reportParseFailure(_ error: any Error, verbose: Bool, output: OutputSink) -> Int32 {
        output.reportParseFailure(
            program: programName, status: RootCommand.exitCode(for: error).rawValue,
            message: RootCommand.message(for: error), fullMessage: RootCommand.fullMessage(for: error),
            verbose: verbose)
    }
}
