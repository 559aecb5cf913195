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
        static let configuration = CommandConfiguration(abstract: "Create a group.")
        @Argument(help: "The group's unique name.") var name: String
        @Flag(name: .long, help: "Print the group as JSON ({\"id\",\"name\"}).") var json = false
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let group = try await run.services.admin.createGroup(name: name)
            if json { return try AdminJSONOutput.print(group, to: run.output) }
            run.output.out("created group \(group.name) (\(group.id))")
        }
    }

    /// `admin group list [--json]`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List the groups.")
        @Flag(name: .long, help: "Print the groups as a JSON array of {\"id\",\"name\"}.") var json = false
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let groups = try await run.services.admin.groups()
            if json { return try AdminJSONOutput.print(groups, to: run.output) }
            for group in groups { run.output.out("\(group.name)\t\(group.id)") }
        }
    }
}
