import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin administrator grant|revoke|list`: the users whom the access rules let write every
/// object they see (and, later, sign in to the web console).
struct AdministratorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "administrator", abstract: "Make a user an administrator, or no longer; list the administrators.",
        subcommands: [Grant.self, Revoke.self, List.self])

    /// `admin administrator grant ACCOUNT [--json]`.
    struct Grant: KitCommand {
        static let configuration = CommandConfiguration(abstract: "Make a user an administrator.")
        @Argument(help: "The user's account.") var account: String
        @Flag(name: .long, help: "Print the user as JSON ({\"id\",\"account\",\"groups\"}).") var json = false
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let user = try await run.services.admin.setAdministrator(account: account, true)
            if json { return try AdminJSONOutput.print(user, to: run.output) }
            run.output.out("\(AdminText.shown(user.account)) is an administrator")
        }
    }

    /// `admin administrator revoke ACCOUNT [--json]`.
    struct Revoke: KitCommand {
        static let configuration = CommandConfiguration(abstract: "Make a user no longer an administrator.")
        @Argument(help: "The user's account.") var account: String
        @Flag(name: .long, help: "Print the user as JSON ({\"id\",\"account\",\"groups\"}).") var json = false
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let user = try await run.services.admin.setAdministrator(account: account, false)
            if json { return try AdminJSONOutput.print(user, to: run.output) }
            run.output.out("\(AdminText.shown(user.account)) is no longer an administrator")
        }
    }

    /// `admin administrator list [--json]`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(abstract: "List the administrators.")
        @Flag(name: .long, help: "Print a JSON array of {\"id\",\"account\",\"groups\"}.") var json = false
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let users = try await run.services.admin.administrators()
            if json { return try AdminJSONOutput.print(users, to: run.output) }
            AdminTable.print(header: ["ACCOUNT", "ID"], lines: users.map { AdminText.line($0.account, $0.id) }, to: run.output)
        }
    }
}
