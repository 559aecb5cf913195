public import ArgumentParser

/// The one runner every Strata executable's command line goes through: parse, run, and turn
/// what happened into an exit status — the contract of all four executables.
///
/// - `--help`, `--version` and `help <command>` print to standard output and return 0.
/// - A usage error is one line on standard error (`strata-host: <what was wrong>`) and returns
///   ArgumentParser's usage status, 64 (`EX_USAGE`); `explainUsage` adds the usage text. A
///   mistyped subcommand names the nearest one (``mistypedSubcommand(_:arguments:)``).
/// - A failure the work throws is one line naming what was wrong (``FailureLine``) and returns
///   1, or the status of an `ExitCode` it throws (75, `EX_TEMPFAIL`, for "try again later").
/// - Otherwise the work's own status (0, or 75 when it left something to retry).
///
/// ```swift
/// await CommandRunner.run(StatusCommand.self, program: "strata-status", arguments: arguments, output: output) {
///     parsed in try render(parsed)
/// }
/// ```
public enum CommandRunner {
    /// What parsing a command line came to.
    public enum Parsed {
        /// The root command or one of its subcommands, parsed and validated.
        case command(any ParsableCommand)
        /// Nothing to run: help, a version or a usage error was printed; exit with this status.
        case exit(Int32)
    }

    /// Parses `arguments` as `root`, runs `execute` on what was parsed, and returns the exit status.
    ///
    /// - Parameters:
    ///   - root: The root command (its subcommands are parsed too).
    ///   - program: The program name that starts every error line.
    ///   - arguments: The command-line arguments without the program name.
    ///   - output: Where help, versions and error lines go.
    ///   - explainUsage: Whether a usage error also prints the usage text (`--verbose`).
    ///   - seeHelp: Whether a usage error's line ends in `(see <program> --help)`.
    ///   - verbose: Whether a parsed command asked for error codes on its failure line.
    ///   - execute: The work: returns the exit status, or throws a failure to print.
    /// - Returns: The process exit status.
    public static func run<Root: ParsableCommand>(
        _ root: Root.Type, program: String, arguments: [String], output: OutputSink, explainUsage: Bool = false,
        seeHelp: Bool = false, verbose: (any ParsableCommand) -> Bool = { _ in false },
        execute: (any ParsableCommand) async throws -> Int32
    ) async -> Int32 {
        let command: any ParsableCommand
        switch parse(root, program: program, arguments: arguments, output: output, explainUsage: explainUsage, seeHelp: seeHelp) {
        case .exit(let status): return status
        case .command(let parsed): command = parsed
        }
        return await run(program: program, output: output, verbose: verbose(command)) { try await execute(command) }
    }

    /// Runs work whose command line needs no parsing, with the same contract as a parsed
    /// command's in ``run(_:program:arguments:output:explainUsage:seeHelp:verbose:execute:)``:
    /// a failure is one line (``FailureLine``) and 1, an `ExitCode` thrown its status.
    ///
    /// For a kit's fast path: `strata-status` with no arguments (a status bar's every tick) runs
    /// its defaults without ArgumentParser's parse, whose reflection costs a cold start more
    /// than the look itself (Benchmarks/README.md, `strata-bench-status`).
    ///
    /// - Parameters:
    ///   - program: The program name that starts the error line.
    ///   - output: Where the error line goes.
    ///   - verbose: Whether the error line ends in the error's code.
    ///   - execute: The work: returns the exit status, or throws a failure to print.
    /// - Returns: The process exit status.
    public static func run(
        program: String, output: OutputSink, verbose: Bool, execute: () async throws -> Int32
    ) async -> Int32 {
        do {
            return try await execute()
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            output.err(FailureLine.line(program: program, error: error, verbose: verbose))
            return 1
        }
    }

    /// Parses `arguments` as `root` (validation included); prints help, a version or a usage
    /// error as ``run(_:program:arguments:output:explainUsage:seeHelp:verbose:execute:)`` does.
    public static func parse<Root: ParsableCommand>(
        _ root: Root.Type, program: String, arguments: [String], output: OutputSink, explainUsage: Bool = false,
        seeHelp: Bool = false
    ) -> Parsed {
        do {
            return .command(try root.parseAsRoot(arguments))
        } catch {
            if root.exitCode(for: error).rawValue != 0,
                let mistyped = mistypedSubcommand(
                    root, arguments: arguments, optionsToo: root.message(for: error).lowercased().contains("unexpected argument"))
            {
                output.err(FailureLine.line(program: program, message: mistyped))
                return .exit(ExitCode.validationFailure.rawValue)
            }
            return .exit(
                report(error, of: root, program: program, output: output, explainUsage: explainUsage, seeHelp: seeHelp))
        }
    }

    /// Runs a parsed command that is not the kit's to execute — ArgumentParser's own `help`
    /// (`--help` may parse as it), or a command group named without its subcommand — whose
    /// `run()` reports the help asked for: printed as ``report(_:of:program:output:explainUsage:seeHelp:)``
    /// prints a parse failure (help on standard output, status 0).
    public static func runOwn<Root: ParsableCommand>(
        _ parsed: any ParsableCommand, of root: Root.Type, program: String, output: OutputSink, explainUsage: Bool = false
    ) -> Int32 {
        var command = parsed
        do {
            try command.run()
            return 0
        } catch {
            return report(error, of: root, program: program, output: output, explainUsage: explainUsage)
        }
    }

    /// Prints what a parse failure of `root` calls for (help and versions on standard output,
    /// a usage error as one line on standard error) and returns its exit status: 0 for help
    /// and versions, else 64.
    public static func report<Root: ParsableCommand>(
        _ error: any Error, of root: Root.Type, program: String, output: OutputSink, explainUsage: Bool = false,
        seeHelp: Bool = false
    ) -> Int32 {
        output.reportParseFailure(
            program: program, status: root.exitCode(for: error).rawValue, message: root.message(for: error),
            fullMessage: root.fullMessage(for: error), verbose: explainUsage,
            hint: seeHelp ? localized("(see \(program) --help)", ja: "（\(program) --help を参照）") : nil)
    }
}
