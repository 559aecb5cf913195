import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// Members and roles: `admin group members|add-member|remove-member|set-role`.
///
/// A role is `lead` or `member` (see Docs/Server.md, "Roles"); any other is a usage error
/// (exit 64). An unknown group or account, or a membership that already exists (add) or does
/// not (remove, set-role), is one line on standard error and exit 1.
extension GroupCommand {
    /// `admin group members GROUP [--json]`.
    struct Members: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List a group's members and their roles.")
        @Argument(help: "The group's name.") var group: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let members = try await run.services.admin.members(group: group)
            try output.print(members, to: run.output, header: ["ACCOUNT", "USER_ID", "ROLE"]) { members.map { AdminText.line($0.account, $0.userId, $0.role) } }
        }
    }

    /// `admin group add-member GROUP ACCOUNT [--role lead|member] [--json]`.
    struct AddMember: KitCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-member",
            abstract: "Add a user to a group (after their other groups: the first stays their primary one).")
        @Argument(help: "The group's name.") var group: String
        @Argument(help: "The user's account.") var account: String
        @Option(name: .long, help: "lead or member.") var role = GroupRole.member.rawValue
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws { try GroupCommand.validate(role: role) }

        func execute(_ run: CommandRun) async throws {
            let member = try await run.services.admin.addMember(group: group, account: account, role: role)
            try output.print(member, to: run.output) { ["added \(AdminText.shown(member.account)) to \(AdminText.shown(member.group)) as \(AdminText.shown(member.role))"] }
        }
    }

    /// `admin group remove-member GROUP ACCOUNT [--json]`.
    struct RemoveMember: KitCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-member",
            abstract: "Remove a user from a group (their objects keep it as their owner group).")
        @Argument(help: "The group's name.") var group: String
        @Argument(help: "The user's account.") var account: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let member = try await run.services.admin.removeMember(group: group, account: account)
            try output.print(member, to: run.output) { ["removed \(AdminText.shown(member.account)) from \(AdminText.shown(member.group))"] }
        }
    }

    /// `admin group set-role GROUP ACCOUNT ROLE [--json]`.
    struct SetRole: KitCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-role", abstract: "Set a member's role in a group: lead or member.")
        @Argument(help: "The group's name.") var group: String
        @Argument(help: "The user's account.") var account: String
        @Argument(help: "lead or member.") var role: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws { try GroupCommand.validate(role: role) }

        func execute(_ run: CommandRun) async throws {
            let member = try await run.services.admin.setRole(group: group, account: account, role: role)
            try output.print(member, to: run.output) { ["\(AdminText.shown(member.account)) is now \(AdminText.shown(member.role)) of \(AdminText.shown(member.group))"] }
        }
    }

    /// Throws a usage error unless `role` names a ``GroupRole``.
    static func validate(role: String) throws {
        if let problem = GroupRole.problem(with: role) { throw ValidationError(problem) }
    }
}
