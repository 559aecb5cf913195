import ArgumentParser
import Foundation
import Logging
import StrataContainer
public import StrataCrossCutting
public import StrataMaintenance

/// The `strata-host` command line: parse, ask the composition root for the domain, then hand
/// the request to the container — a `strata://` URL the micro-apps answer, the boot report, or
/// the interactive Launcher.
///
/// The host makes ``HostCommand`` `@main` and runs it through
/// ``run(arguments:environment:output:terminal:makeDomain:makeStore:)`` with its composition
/// root. Everything else — commands, routing, output, error lines — lives here and in the micro-apps
/// and is tested with the in-memory data layer.
public enum StrataHostCLI {
    /// The program name used in messages (`strata-host: …`).
    public static let programName = "strata-host"

    /// Parses `arguments`, builds the runtime with `makeDomain` and runs the command.
    ///
    /// - `--help` and `--version` print to standard output and return 0 without calling
    ///   `makeDomain`, so they never touch the store.
    /// - `--config FILE` is read and checked against the registry before `makeDomain` runs, so
    ///   a bad file is one line naming the file and key, and the store is never opened.
    /// - A usage error prints one line (`strata-host: <what was wrong>`) and returns
    ///   ArgumentParser's exit code (64); `--verbose` adds the usage text.
    /// - A subcommand becomes a `strata://` URL opened on a container booted without a terminal;
    ///   the micro-app's failure (or any other) prints one line naming what was wrong and returns
    ///   1; `--verbose` adds the error code.
    /// - No command: the Launcher when `terminal` is not ``HostTerminal/none``, else the overview.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - environment: The process environment, passed on to `makeDomain`.
    ///   - output: Where to write (default: the real standard output and error).
    ///   - terminal: Whether a person is at a terminal.
    ///   - makeDomain: The composition root: picks the logger, the store and the domain.
    ///   - makeStore: The composition root's store maintenance, for `store check|backup|recover`
    ///     (which never open the data layer: it refuses a damaged store); `nil`: none.
    /// - Returns: The process exit status.
    public static func run(
        arguments: [String], environment: [String: String], output: OutputSink = .standard,
        terminal: HostTerminal = .none, makeDomain: (HostLaunch) async throws -> HostRuntime,
        makeStore: ((HostLaunch) throws -> any StoreMaintenance)? = nil
    ) async -> Int32 {
        if let unknown = unknownHelpTopic(arguments) {
            // ArgumentParser would print the root help and exit 0 for a command that does not exist.
            let next = unknown.nearest.map { "did you mean '\(programName) help \($0)'?" } ?? "see \(programName) --help"
            output.err(
                FailureLine.line(program: programName, message: "there is no command '\(unknown.name)' to show help for; \(next)"))
            return ExitCode.validationFailure.rawValue
        }
        let explainUsage = arguments.contains("--verbose")
        if RouteCompletion.asked(by: arguments), !RouteCompletion.declaring {
            // The completion scripts (and the help dump man pages are made from) show each
            // route command's declared options and their values.
            return await RouteCompletion.$declaring.withValue(true) {
                await run(
                    arguments: arguments, environment: environment, output: output, terminal: terminal, makeDomain: makeDomain,
                    makeStore: makeStore)
            }
        }
        // A route command (`reports list`, the one-shot commands) is read without ArgumentParser's tree.
        if let invocation = RouteFastPath.parse(arguments) {
            return await CommandRunner.run(program: programName, output: output, verbose: invocation.verbose) {
                try await execute(
                    invocation, environment: environment, output: output, terminal: terminal, makeDomain: makeDomain,
                    makeStore: makeStore)
            }
        }
        return await CommandRunner.run(
            HostCommand.self, program: programName, arguments: arguments, output: output, explainUsage: explainUsage,
            verbose: { ($0 as? any HostSubcommand)?.verbose ?? false }
        ) { parsed in
            if let store = parsed as? any StoreSubcommand {
                return await runStore(store, environment: environment, output: output, makeStore: makeStore)
            }
            guard let command = parsed as? any HostSubcommand else {
                // A command group given without its subcommand (`strata-host reports`): show its help.
                return CommandRunner.runOwn(
                    parsed, of: HostCommand.self, program: programName, output: output, explainUsage: explainUsage)
            }
            return try await execute(
                command, environment: environment, output: output, terminal: terminal, makeDomain: makeDomain,
                makeStore: makeStore)
        }
    }

    /// Runs a parsed command: its request opened on the runtime `makeDomain` builds.
    private static func execute(
        _ command: any HostInvocation, environment: [String: String], output: OutputSink, terminal: HostTerminal,
        makeDomain: (HostLaunch) async throws -> HostRuntime, makeStore: ((HostLaunch) throws -> any StoreMaintenance)?
    ) async throws -> Int32 {
        let verbose = command.verbose
        // The configuration is read and checked before the composition root opens (or
        // creates) the store: a bad `--config` changes nothing on disk.
        let configuration = try HostConfiguration.load(path: command.configPath)
        try HostRegistry.validate(configuration)
        let runtime = try await makeDomain(HostLaunch(verbose: verbose, environment: environment))
        let interactive = if case .none = terminal { false } else { true }
        let context = HostContext(
            domain: runtime.domain, output: output, clock: runtime.clock, logger: runtime.logger,
            location: runtime.location, interactive: interactive, sync: runtime.sync, session: runtime.session,
            announcements: runtime.announcements, conflicts: runtime.conflicts)
        // The command's name is only spelled when debug logs are on (the metadata is an autoclosure).
        runtime.logger.debug(
            "running command", metadata: ["command": "\(String(reflecting: type(of: command)))", "store": "\(runtime.location)"])
        let request = try command.request(context)
        if case .overview = request {
            await output.out(TerminalText.escapedKeepingLines(try HostCommand.overview(context)))
            return 0
        }
        var session = HostSession(runtime: runtime, configuration: configuration, output: output, verbose: verbose)
        switch request {
        case .interactive, .handOverOrStay:
            // The Account screen says where the data key is kept (`store key`'s answer).
            session.maintenance = try? makeStore?(HostLaunch(verbose: verbose, environment: environment))
        default: break
        }
        return await perform(session, request, terminal: terminal)
    }

    private static func perform(_ session: HostSession, _ request: HostRequest, terminal: HostTerminal) async -> Int32 {
        switch request {
        case .open(let url): return await session.open(url)
        case .openLink(let url): return await session.open(url, origin: .link)
        case .handOver(let url): return await session.openHandingOver(url)
        case .bootReport: return await session.bootReport()
        case .overview: return 0
        case .task(let work):
            do {
                let text = try await work()
                // Account names, server URLs and errors come from outside: no control character passes.
                if !text.isEmpty { session.output.out(TerminalText.escapedKeepingLines(text)) }
                return 0
            } catch let usage as ValidationError {
                // An argument only the work could check (`sync retry ID`: no such change): a usage error.
                session.output.err(FailureLine.line(program: programName, message: usage.message))
                return ExitCode.validationFailure.rawValue
            } catch {
                session.output.err(FailureLine.line(program: programName, error: error, verbose: session.verbose))
                await session.runtime.usage.recordFailure("\(error)", source: programName)
                return 1
            }
        case .handOverOrStay(let url):
            guard let environment = interactiveEnvironment(session, terminal) else { return await session.openHandingOver(url) }
            return await session.openHandingOver(url) { await session.interactive(environment, opening: url) }
        case .interactive:
            guard let environment = interactiveEnvironment(session, terminal) else { return 0 }
            return await session.interactive(environment)
        }
    }

    /// The terminal the interactive container runs on, or `nil` when there is none.
    private static func interactiveEnvironment(_ session: HostSession, _ terminal: HostTerminal) -> ContainerEnvironment? {
        switch terminal {
        case .none: nil
        case .standard: .live(logger: session.runtime.logger, interactive: true, diagnosticsLog: session.diagnosticsLog)
        case .custom(let make): make(session.runtime.logger)
        }
    }

    /// The first name after `help` that is no (sub)command, or `nil` (also when the arguments
    /// do not start with `help`).
    private static func unknownHelpTopic(_ arguments: [String]) -> (name: String, nearest: String?)? {
        guard arguments.first == "help" else { return nil }
        var command: any ParsableCommand.Type = HostCommand.self
        var path: [String] = []
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            if name == "help" && command == HostCommand.self { return nil }  // `help help`
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { $0._commandName == name }) else {
                // The command path so far with the nearest real name for the mistyped one.
                let nearest = NearestName.nearest(to: name, among: subcommands.map { $0._commandName })
                    .map { (path + [$0]).joined(separator: " ") }
                return (name, nearest)  // FailureLine escapes it
            }
            path.append(name)
            command = next
        }
        return nil
    }
}
