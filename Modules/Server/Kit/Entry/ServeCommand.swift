import ArgumentParser
import Logging
import StrataCrossCutting
import StrataServerDomain

/// `strata-server serve`: runs the HTTP API until SIGTERM or SIGINT.
struct ServeCommand: KitCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the JSON API (OpenAPI document at /openapi.json) until SIGTERM or SIGINT.")

    @Option(name: .long, help: "The TCP port (0: any free port; the chosen one is printed).")
    var port = 8080

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "How many seconds a login token stays valid.")
    var tokenLifetime = 86_400

    @OptionGroup var common: CommonOptions

    @OptionGroup(title: "Login limits") var protection: ProtectionOptions

    var defaultLogLevel: Logger.Level { .info }
    var settings: ServerSettings { ServerSettings(tokenLifetime: Double(tokenLifetime)) }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port; expected 0–65535") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime must be 1 or more seconds") }
    }

    func execute(_ run: CommandRun) async throws {
        let output = run.output
        try await StrataHTTPServer.run(
            services: run.services, host: host, port: port, logger: run.logger, handleSignals: true,
            protections: protection.protections
        ) { bound in
            output.out("strata-server: listening on http://\(host):\(bound)")
        }
    }
}
