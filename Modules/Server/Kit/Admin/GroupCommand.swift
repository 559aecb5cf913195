import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin group create|list|members|add-member|remove-member|set-role`.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Create, list or delete groups; add, remove and list members; set their roles.",
        subcommands: [Create.self, List.self, GroupDeleteCommand.self, Members.self, AddMember.self, RemoveMember.self, SetRole.self])

    /// `admin group create NAME [--json]`.
    struct Create: KitCommand {
        static let createsStorage = true
        static let configuration = CommandConfiguration(abstract: "Create a group.")
        @Argument(help: "The group's unique name.") var name: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let group = try await run.services.admin.createGroup(name: name)
            try output.print(group, to: run.output) { ["created group \(AdminText.shown(group.name)) (\(AdminText.shown(group.id)))"] }
        }
    }

    /// `admin group list [--json]`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List the groups.")
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let groups = try await run.services.admin.groups()
            try output.print(groups, to: run.output, header: ["NAME", "ID"]) { groups.map { AdminText.line($0.name, $0.id) } }
        }
    }
}
