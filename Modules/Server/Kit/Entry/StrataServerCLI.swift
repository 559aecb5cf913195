import ArgumentParser
import Foundation
import Logging
public import StrataCrossCutting
public import StrataServerDomain

/// The `strata-server` command line: `serve` and `admin …`.
///
/// The host's `main.swift` is one call: `exit(await StrataServerCLI.main(arguments:output:makeServices:))`.
public enum StrataServerCLI {
    /// The program name used in messages (`strata-server: …`).
    public static let programName = "strata-server"

    /// Parses `arguments`, asks `makeServices` for the services over the data directory, runs the command.
    ///
    /// - Returns: 0 on success; ArgumentParser's 64 for a usage error; 1 for any other failure,
    ///   after one line on standard error naming what was wrong.
    public static func main(
        arguments: [String], output: OutputSink = .standard,
        makeServices: @Sendable (ServerLaunch) throws -> any ServerServices
    ) async -> Int32 {
        let parsed: any ParsableCommand
        do {
            parsed = try RootCommand.parseAsRoot(arguments)
        } catch {
            return output.reportParseFailure(
                program: programName, status: RootCommand.exitCode(for: error).rawValue,
                message: RootCommand.message(for: error), fullMessage: RootCommand.fullMessage(for: error),
                verbose: false)
        }
        if type(of: parsed).configuration.commandName == "help" {
            // `serve --help` arrives as ArgumentParser's help command: running it asks for the help.
            var help = parsed
            do {
                try help.run()
            } catch {
                return output.reportParseFailure(
                    program: programName, status: RootCommand.exitCode(for: error).rawValue,
                    message: RootCommand.message(for: error), fullMessage: RootCommand.fullMessage(for: error),
                    verbose: false)
            }
            return 0
        }
        guard let command = parsed as? any KitCommand else {
            output.err(FailureLine.line(program: programName, message: "a subcommand is missing; see --help"))
            output.err(RootCommand.helpMessage(for: type(of: parsed)))
            return 64
        }
        do {
            let common = command.common
            let level = try common.level(default: command.defaultLogLevel)
            let logger = StrataLogging.makeLogger(label: programName, level: level)
            let launch = ServerLaunch(
                dataDirectory: URL(fileURLWithPath: common.dataDir, isDirectory: true), logger: logger,
                settings: command.settings)
            let services = try makeServices(launch)
            try await command.execute(CommandRun(services: services, output: output, logger: logger))
            return 0
        } catch {
            output.err(FailureLine.line(program: programName, error: error, verbose: false))
            return 1
        }
    }
}
