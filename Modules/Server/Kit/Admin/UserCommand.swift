import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// `admin user create|list`.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Create or list users.", subcommands: [Create.self, List.self])

    /// `admin user create ACCOUNT (--password P | --password-stdin) [--group GROUP[:ROLE]]…`.
    struct Create: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user with a password and group memberships (the first group is the primary one).")
        @Argument(help: "The unique account name.") var account: String
        @Option(name: .long, help: "The password (visible to other users of this machine: prefer --password-stdin).")
        var password: String?
        @Flag(name: .long, help: "Read the password from the first line of standard input.") var passwordStdin = false
        @Option(name: .long, help: "A membership GROUP or GROUP:ROLE (role defaults to member); repeatable.")
        var group: [String] = []
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard (password != nil) != passwordStdin else {
                throw ValidationError("give exactly one of --password and --password-stdin")
            }
        }

        func execute(_ run: CommandRun) async throws {
            let secret: String
            if let password {
                secret = password
            } else {
                guard let line = readLine(strippingNewline: true) else {
                    throw ServerError(.badRequest, "--password-stdin: standard input is empty; expected the password")
                }
                secret = line
            }
            let memberships = group.map { text -> (group: String, role: String) in
                let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
                return (parts.first ?? text, parts.count == 2 ? parts[1] : "member")
            }
            let user = try await run.services.admin.createUser(account: account, password: secret, memberships: memberships)
            let groups = user.groups.map { "\($0.groupName):\($0.roleName)" }.joined(separator: ", ")
            run.output.out("created user \(user.account) (\(user.id))" + (groups.isEmpty ? "" : " in \(groups)"))
        }
    }

    /// `admin user list`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List the users and their groups.")
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            for user in try await run.services.admin.users() {
                let groups = user.groups.map { "\($0.groupName):\($0.roleName)" }.joined(separator: ",")
                run.output.out("\(user.account)\t\(user.id)\t\(groups)")
            }
        }
    }
}
