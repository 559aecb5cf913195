public import StrataCrossCutting
public import StrataDomain

/// The `strata-status` command line: parse, ask the composition root for a read-only domain,
/// print the summary.
///
/// The host makes ``StatusCommand`` `@main` and runs it through
/// ``main(arguments:environment:output:makeStatus:)`` with its composition root.
public enum StrataStatusCLI {
    /// The program name used in messages (`strata-status: …`).
    public static let programName = "strata-status"

    /// Parses `arguments`, obtains the domain with `makeDomain`, prints the summary.
    ///
    /// - No arguments (a status bar's every tick) runs the defaults without ArgumentParser's
    ///   parse, as `--format text` would run; any other command line is parsed.
    /// - `--help` and `--version` print to standard output and return 0 without calling
    ///   `makeDomain`.
    /// - When `makeDomain` returns `nil` (no store yet) it prints ``StatusSummary/empty`` and
    ///   returns 0.
    /// - A usage error prints one line and returns ArgumentParser's exit code (64); any other
    ///   failure prints one line naming what was wrong and returns 1 (`--verbose` adds the code).
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - environment: The process environment, passed on to `makeDomain`.
    ///   - output: Where to write (default: the real standard output and error).
    ///   - makeDomain: The composition root: opens the store read-only and returns the domain
    ///     over it, or `nil` when there is no store.
    /// - Returns: The process exit status.
    public static func main(
        arguments: [String],
        environment: [String: String],
        output: OutputSink = .standard,
        makeDomain: (StatusLaunch) throws -> (any DomainServices)?
    ) async -> Int32 {
        await main(arguments: arguments, environment: environment, output: output) { launch in
            StatusSources(domain: try makeDomain(launch), sync: nil)
        }
    }

    /// ``main(arguments:environment:output:makeDomain:)`` with the sync facts too: the text
    /// format appends `sync`, `pending changes`, `rejected changes` and `last sync` lines
    /// (and `last error` when there is one), and `--format json` adds a `"sync"` object.
    ///
    /// - Parameter makeStatus: The composition root: the read-only domain (or `nil`) and the
    ///   sync facts the host's engine last recorded.
    /// - Returns: The process exit status.
    public static func main(
        arguments: [String],
        environment: [String: String],
        output: OutputSink = .standard,
        makeStatus: (StatusLaunch) async throws -> StatusSources
    ) async -> Int32 {
        guard !arguments.isEmpty else {
            // No arguments, a status bar's every tick: the defaults (text, not verbose) without
            // ArgumentParser's parse, whose reflection costs a cold start more than the look.
            return await CommandRunner.run(program: programName, output: output, verbose: false) {
                try await show(format: .text, verbose: false, environment: environment, output: output, makeStatus: makeStatus)
            }
        }
        return await CommandRunner.run(
            StatusCommand.self, program: programName, arguments: arguments, output: output,
            explainUsage: arguments.contains("--verbose"), verbose: { ($0 as? StatusCommand)?.verbose ?? false }
        ) { parsed in
            guard let command = parsed as? StatusCommand else {
                // `--help` parses as ArgumentParser's help command.
                return CommandRunner.runOwn(parsed, of: StatusCommand.self, program: programName, output: output)
            }
            return try await show(
                format: command.format.format, verbose: command.verbose, environment: environment, output: output,
                makeStatus: makeStatus)
        }
    }

    /// Asks `makeStatus` for the sources and prints the summary in `format`; returns 0.
    private static func show(
        format: StatusFormat, verbose: Bool, environment: [String: String], output: OutputSink,
        makeStatus: (StatusLaunch) async throws -> StatusSources
    ) async throws -> Int32 {
        let sources = try await makeStatus(StatusLaunch(verbose: verbose, environment: environment))
        let summary = try await sources.domain?.status.summary() ?? .empty
        output.out(StatusRenderer.render(summary, storePresent: sources.domain != nil, format: format, sync: sources.sync))
        return 0
    }
}
