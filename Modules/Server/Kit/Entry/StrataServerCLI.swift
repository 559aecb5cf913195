import ArgumentParser
import Foundation
import Logging
public import StrataCrossCutting
public import StrataServerDomain

/// The `strata-server` command line: `serve` and `admin …`.
///
/// The host makes ``ServerCommand`` `@main` and runs it through
/// ``main(arguments:output:makeServices:)`` with its composition root.
public enum StrataServerCLI {
    /// The program name used in messages (`strata-server: …`).
    public static let programName = "strata-server"

    /// Parses `arguments`, asks `makeServices` for the services over the storage the command
    /// line names (`--database`, else `STRATA_DATABASE_URL` in `environment`, else the data
    /// directory: `--data-dir`, else `STRATA_DATA_DIR`, else `./strata-server-data`),
    /// runs the command; `migrate` asks `migrate` to apply the storage's pending migrations;
    /// `admin backup` and `admin restore` ask `storage` (without opening the services) and print its line;
    /// `serve` answers `GET /metrics` with `metrics` (the host's exposition of the metrics
    /// backend it bootstrapped).
    ///
    /// - Returns: 0 on success; ArgumentParser's 64 for a usage error (a database URL the data
    ///   layer refuses is one: see ``ServerLaunch/badDatabase(_:)``); 1 for any other failure
    ///   (a data directory without server data given to a command that does not create it is
    ///   one: see ``ServerLaunch/missingData(_:)``), after one line on standard error naming
    ///   what was wrong.
    public static func main(
        arguments: [String], environment: [String: String] = [:], output: OutputSink = .standard, terminal: Bool = false,
        makeServices: @Sendable (ServerLaunch) async throws -> any ServerServices,
        migrate: @Sendable (ServerLaunch) async throws -> [String] = { _ in [] },
        metrics: MetricsExposition? = nil,
        storage: @Sendable (ServerLaunch, StorageOperation) async throws -> String = { _, _ in "" }
    ) async -> Int32 {
        await AdminTable.$atTerminal.withValue(terminal) {
            await run(
                arguments: arguments, environment: environment, output: output, makeServices: makeServices, migrate: migrate,
                metrics: metrics, storage: storage)
        }
    }

    private static func run(
        arguments: [String], environment: [String: String], output: OutputSink,
        makeServices: @Sendable (ServerLaunch) async throws -> any ServerServices,
        migrate: @Sendable (ServerLaunch) async throws -> [String], metrics: MetricsExposition?,
        storage: @Sendable (ServerLaunch, StorageOperation) async throws -> String
    ) async -> Int32 {
        await CommandRunner.run(
            ServerCommand.self, program: programName, arguments: arguments, output: output,
            explainUsage: arguments.contains("--verbose"), verbose: { common(of: $0)?.verbose ?? false }
        ) { parsed in
            let common: CommonOptions
            let level: Logger.Level
            if let command = parsed as? MigrateCommand {
                common = command.common
                level = try common.level(default: .warning)
            } else if let command = parsed as? any StorageCommand {
                common = command.common
                level = try common.level(default: .warning)
            } else if let command = parsed as? any KitCommand {
                common = command.common
                level = try common.level(default: command.defaultLogLevel)
            } else {
                return runOther(parsed, output: output)
            }
            let logger = StrataLogging.makeLogger(label: programName, level: level)
            let database = common.database(environment: environment)
            let dataDirectory = common.dataDirectory(environment: environment)
            let launch = ServerLaunch(
                dataDirectory: URL(fileURLWithPath: dataDirectory.path, isDirectory: true).standardizedFileURL, logger: logger,
                settings: (parsed as? any KitCommand)?.settings ?? ServerSettings(), database: database?.url,
                databaseOrigin: database?.origin ?? "--database",
                createsStorage: parsed is MigrateCommand || (type(of: parsed) as? any KitCommand.Type)?.createsStorage == true,
                dataDirectoryOrigin: dataDirectory.origin)
            let started = ContinuousClock.now
            let what = Self.described(arguments)
            logger.debug(
                "running \(what)",
                metadata: [
                    "storage": "\(database.map { "PostgreSQL (\($0.origin))" } ?? "SQLite in \(launch.dataDirectory.path) (\(dataDirectory.origin))")"
                ])
            defer { logger.debug("finished \(what)", metadata: ["seconds": "\(Self.seconds(since: started))"]) }
            do {
                if database == nil,
                    let problem = CommonOptions.dataDirectoryProblem(launch.dataDirectory.path, origin: dataDirectory.origin)
                {
                    throw LaunchMissingData(message: problem)
                }
                if parsed is MigrateCommand {
                    let applied = try await migrate(launch)
                    output.out(MigrateCommand.report(applied, launch: launch))
                    return 0
                }
                if let command = parsed as? any StorageCommand {
                    output.out(try await storage(launch, command.storageOperation) + "\n")
                    return 0
                }
                guard let command = parsed as? any KitCommand else { return runOther(parsed, output: output) }
                let services = try await makeServices(launch)
                do {
                    try await command.execute(CommandRun(
                        services: services, output: output, logger: logger, metrics: metrics,
                        consoleLanguage: MessageLanguage.from(environment: environment)))
                } catch {
                    try? await ServicesClosing.close(services, within: command.closeDeadline)
                    throw error
                }
                try await ServicesClosing.close(services, within: command.closeDeadline)
                return 0
            } catch let usage as LaunchUsageError {
                output.err(FailureLine.line(program: programName, message: usage.message))
                return 64
            } catch let missing as LaunchMissingData {
                output.err(FailureLine.line(program: programName, message: missing.message))
                return 1
            }
        }
    }

    /// The common options of `parsed`, when it is a command that takes them.
    static func common(of parsed: any ParsableCommand) -> CommonOptions? {
        if let command = parsed as? MigrateCommand { return command.common }
        if let command = parsed as? any StorageCommand { return command.common }
        return (parsed as? any KitCommand)?.common
    }

    /// The command's words as `--verbose` logs them (`admin user list`): the words before the
    /// first option, escaped.
    static func described(_ arguments: [String]) -> String {
        TerminalText.escaped(arguments.prefix { !$0.hasPrefix("-") }.joined(separator: " "))
    }

    /// The seconds since `start`, to the millisecond.
    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - String(milliseconds % 1000).count))\(milliseconds % 1000)"
    }

    /// A parsed command that is not one of ours to execute: a group (`admin`, `admin user`)
    /// named without its subcommand is a usage error (64, its help on standard error);
    /// anything else is ArgumentParser's own `help` command (`--help`, `serve --help`,
    /// `help serve`), whose run reports the help asked for, printed on standard output (0).
    static func runOther(_ parsed: any ParsableCommand, output: OutputSink) -> Int32 {
        let parsedType = type(of: parsed)
        if !parsedType.configuration.subcommands.isEmpty {
            output.err(FailureLine.line(program: programName, message: "a subcommand is missing; see --help"))
            output.err(ServerCommand.helpMessage(for: parsedType))
            return 64
        }
        return CommandRunner.runOwn(parsed, of: ServerCommand.self, program: programName, output: output)
    }
}
