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

    /// Parses `arguments`, asks `makeServices` for the services over the data directory, runs the command.
    ///
    /// - Returns: 0 on success; ArgumentParser's 64 for a usage error; 1 for any other failure,
    ///   after one line on standard error naming what was wrong.
    public static func main(
        arguments: [String], output: OutputSink = .standard,
        makeServices: @Sendable (ServerLaunch) throws -> any ServerServices
    ) async -> Int32 {
        await CommandRunner.run(ServerCommand.self, program: programName, arguments: arguments, output: output) { parsed in
            guard let command = parsed as? any KitCommand else { return runOther(parsed, output: output) }
            let common = command.common
            let level = try common.level(default: command.defaultLogLevel)
            let logger = StrataLogging.makeLogger(label: programName, level: level)
            let launch = ServerLaunch(
                dataDirectory: URL(fileURLWithPath: common.dataDir, isDirectory: true), logger: logger,
                settings: command.settings)
            let services = try makeServices(launch)
            try await command.execute(CommandRun(services: services, output: output, logger: logger))
            return 0
        }
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
