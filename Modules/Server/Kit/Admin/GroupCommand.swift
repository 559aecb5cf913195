import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin group create|list`.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Create or list groups.", subcommands: [Create.self, List.self, GroupDeleteCommand.self])

    /// `admin group create NAME`.
    struct Create: KitCommand {
        static let configuration = CommandConfiguration(abstract: "Create a group.")
        @Argument(help: "The group's unique name.") var name: String
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let group = try await run.services.admin.createGroup(name: name)
            run.output.out("created group \(group.name) (\(group.id))")
        }
    }

    /// `admin group list`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List the groups.")
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            for group in try await run.services.admin.groups() { run.output.out("\(group.name)\t\(group.id)") }
        }
    }
}
