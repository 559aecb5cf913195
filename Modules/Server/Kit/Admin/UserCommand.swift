import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// `admin user create|list|update|delete`.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Create, list, update (password, disable, enable) or delete users.",
        subcommands: [Create.self, List.self, Update.self, Delete.self])

    /// `admin user create ACCOUNT (--password P | --password-stdin) [--group GROUP[:ROLE]]…`.
    struct Create: KitCommand {
        static let createsStorage = true
        static let configuration = CommandConfiguration(
            abstract: "Create a user with a password and group memberships (the first group is the primary one).")
        @Argument(help: "The unique account name.") var account: String
        @Option(name: .long, help: "The password (visible to other users of this machine: prefer --password-stdin).")
        var password: String?
        @Flag(name: .long, help: "Read the password from the first line of standard input.") var passwordStdin = false
        @Option(name: .long, help: "A membership GROUP or GROUP:ROLE, ROLE lead or member (default member); repeatable.")
        var group: [String] = []
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard (password != nil) != passwordStdin else {
                throw ValidationError("give exactly one of --password and --password-stdin")
            }
            for text in group { _ = try Self.membership(text) }
        }

        func execute(_ run: CommandRun) async throws {
            let secret: String
            if let password {
                secret = password
            } else {
                // Reading standard input blocks: on a lane.
                secret = try await BlockingLane.shared.run { try AdminPassword.fromStandardInput() }
            }
            let memberships = try group.map(Self.membership)
            let user = try await run.services.admin.createUser(account: account, password: secret, memberships: memberships)
            try output.print(user, to: run.output) {
                let groups = user.groups.map { "\($0.groupName):\($0.roleName)" }.joined(separator: ", ")
                return [
                    "created user \(AdminText.shown(user.account)) (\(AdminText.shown(user.id)))"
                        + (groups.isEmpty ? "" : " in \(AdminText.shown(groups))")
                ]
            }
        }

        /// The membership `--group` names: `GROUP` (as a member) or `GROUP:ROLE`.
        ///
        /// - Throws: a usage error (exit 64) naming `--group`, the value and the accepted roles
        ///   when the group is empty, the role is empty or the role is not a ``GroupRole``.
        static func membership(_ text: String) throws -> (group: String, role: String) {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let (group, role) = (parts[0], parts.count == 2 ? parts[1] : GroupRole.member.rawValue)
            guard !group.isEmpty, !role.isEmpty, GroupRole(name: role) != nil else {
                throw ValidationError(
                    "--group '\(text.prefix(100))' is not GROUP or GROUP:ROLE with ROLE \(GroupRole.names)")
            }
            return (group, role)
        }
    }

    /// `admin user list`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the users and their groups.",
            discussion: "One line per user: ACCOUNT, ID, GROUP:ROLE,… (primary first), and `disabled` for a disabled one.")
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let users = try await run.services.admin.users()
            try output.print(users, to: run.output, header: ["ACCOUNT", "ID", "GROUPS", "DISABLED"]) {
                users.map { user in
                    let groups = user.groups.map { "\($0.groupName):\($0.roleName)" }.joined(separator: ",")
                    return AdminText.line([user.account, user.id, groups] + (user.disabled ? ["disabled"] : []))
                }
            }
        }
    }
}
