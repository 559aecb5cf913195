import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin app create|list|log-level`.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "Create or list app versions; set their log collection level.",
        subcommands: [Create.self, List.self, LogLevel.self])

    /// `admin app create APP_ID --version V [--log-level-collect L]`.
    struct Create: KitCommand {
        static let createsStorage = true
        static let configuration = CommandConfiguration(
            abstract: "Create an app version (its own database) and print its new key, once.")
        @Argument(help: "The app id, e.g. org.example.cases.") var appId: String
        @Option(name: .customLong("version"), help: "The app version.") var appVersion: String
        @Option(name: .long, help: "The log collection level: none, error or monitor.") var collect = "error"
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let created = try await run.services.admin.createApp(appId: appId, version: appVersion, logLevel: collect)
            try output.print(created, to: run.output) {
                [
                    "created app \(AdminText.shown(created.app.appId)) version \(AdminText.shown(created.app.version))", "app key: \(created.appKey)",
                    "(the key is shown only now; it is stored hashed)",
                ]
            }
        }
    }

    /// `admin app list`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the app versions with their log collection levels.",
            discussion: "One line per app version, by app id then version: APP_ID, VERSION, LOG_LEVEL.")
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let apps = try await run.services.admin.apps()
            try output.print(apps, to: run.output, header: ["APP_ID", "VERSION", "LOG_LEVEL"]) { apps.map { AdminText.line($0.appId, $0.version, $0.logLevel) } }
        }
    }

    /// `admin app log-level APP_ID --version V LEVEL`.
    struct LogLevel: KitCommand {
        static let configuration = CommandConfiguration(
            commandName: "log-level", abstract: "Set the log level the app's clients collect and upload.")
        @Argument(help: "The app id.") var appId: String
        @Option(name: .customLong("version"), help: "The app version.") var appVersion: String
        @Argument(help: "none, error or monitor.") var level: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            try await run.services.admin.setLogLevel(appId: appId, version: appVersion, level: level)
            try output.print(AdminApp(appId: appId, version: appVersion, logLevel: level), to: run.output) {
                ["app \(AdminText.shown(appId)) version \(AdminText.shown(appVersion)) now collects: \(AdminText.shown(level))"]
            }
        }
    }
}
