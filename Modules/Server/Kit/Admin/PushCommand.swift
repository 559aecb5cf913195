import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin push --group G (--body B [--title T] | --template NAME) [--app-id A --app-version V]`.
struct PushCommand: KitCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Send a push message to every registered device of a group's members.",
        discussion: "Revoked devices (`device revoke`) are skipped. With --json: {\"devices\": N}.")
    @Option(name: .long, help: "The group's name.") var group: String
    @Option(name: .long, help: "The title.") var title: String?
    @Option(name: .long, help: "The text.") var body: String?
    @Option(name: .long, help: "A saved template's name (instead of --title and --body).") var template: String?
    @Option(name: .long, help: "Only devices of this app id (with --app-version).") var appId: String?
    @Option(name: .long, help: "Only devices of this app version (with --app-id).") var appVersion: String?
    @OptionGroup var output: JSONOption
    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (body != nil) != (template != nil) else { throw ValidationError("give exactly one of --body and --template") }
        guard (appId == nil) == (appVersion == nil) else { throw ValidationError("give --app-id and --app-version together") }
    }

    func execute(_ run: CommandRun) async throws {
        let app = appId.flatMap { id in appVersion.map { (id: id, version: $0) } }
        let count = try await run.services.admin.sendPush(group: group, title: title, body: body, template: template, app: app)
        try output.print(["devices": count], to: run.output) { ["sent to \(count) device\(count == 1 ? "" : "s")"] }
    }
}
