import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin group delete NAME [--force]`.
struct GroupDeleteCommand: KitCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a group (one with members only with --force).",
        discussion: """
            A group with members is refused unless --force, which removes their memberships with it (the \
            users stay; a user whose primary group it was gets their next group as primary). Objects scoped \
            to the group stay in the app stores: their owners still see them, the former members no longer \
            do (Docs/Server.md, "Deleting users and groups").
            """)
    @Argument(help: "The group's name.") var name: String
    @Flag(name: .long, help: "Delete it even though it has members, removing their memberships.") var force = false
    @OptionGroup var output: JSONOption
    @OptionGroup var common: CommonOptions

    func execute(_ run: CommandRun) async throws {
        let deletion = try await run.services.admin.deleteGroup(name: name, force: force)
        try output.print(deletion, to: run.output) {
            let count = deletion.membershipsRemoved
            return ["deleted group \(AdminText.shown(deletion.group.name)) (\(AdminText.shown(deletion.group.id))) and \(count) membership\(count == 1 ? "" : "s")"]
        }
    }
}
