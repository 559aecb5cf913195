import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

extension UserCommand {
    /// `admin user update ACCOUNT [--password | --password-stdin] [--disable | --enable]`.
    struct Update: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a user's password, or disable or enable the account.",
            discussion: """
                The new password is never an argument: --password asks for it twice at the terminal without \
                echo; --password-stdin reads the first line of standard input. A new password or --disable \
                revokes every session of the user at once (their apps must log in again); a disabled user's \
                logins are refused until --enable.
                Examples:
                  strata-server admin user update alice --password
                  echo 'a new long password' | strata-server admin user update alice --password-stdin
                  strata-server admin user update bob --disable
                """)
        @Argument(help: "The account name.") var account: String
        @Flag(name: .long, help: "Ask for the new password at the terminal, without echo.") var password = false
        @Flag(name: .long, help: "Read the new password from the first line of standard input.") var passwordStdin = false
        @Flag(name: .long, help: "Disable the account: refuse its logins, revoke its sessions.") var disable = false
        @Flag(name: .long, help: "Enable a disabled account again.") var enable = false
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard !(password && passwordStdin) else { throw ValidationError("give at most one of --password and --password-stdin") }
            guard !(disable && enable) else { throw ValidationError("give at most one of --disable and --enable") }
            guard password || passwordStdin || disable || enable else {
                throw ValidationError("nothing to change: give --password, --password-stdin, --disable or --enable")
            }
            if password && !AdminPassword.hasTerminal { throw ValidationError(AdminPassword.noTerminal) }
        }

        func execute(_ run: CommandRun) async throws {
            var secret: String?
            // Reading standard input or the terminal blocks: on a lane.
            if passwordStdin { secret = try await BlockingLane.shared.run { try AdminPassword.fromStandardInput() } }
            if password {
                let account = account
                secret = try await BlockingLane.shared.run { try AdminPassword.fromTerminal(account: account) }
            }
            let change = try await run.services.admin.updateUser(
                account: account, password: secret, disabled: disable ? true : enable ? false : nil)
            try output.print(change, to: run.output) {
                var done: [String] = []
                if secret != nil { done.append("password changed") }
                if disable { done.append("disabled") }
                if enable { done.append("enabled") }
                return [
                    "user \(AdminText.shown(change.user.account)): " + done.joined(separator: ", ") + "; "
                        + UserCommand.sessionsText(change) + " revoked"
                ]
            }
        }
    }

    /// `admin user delete ACCOUNT`.
    struct Delete: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a user with their sessions, memberships and devices.",
            discussion: """
                The objects the user owns stay in the app stores, owned by the deleted user's id: group- and \
                all-scope ones stay visible and editable as before, private ones are no one's to read. An \
                account created later with the same name gets a new id and none of them (Docs/Server.md, \
                "Deleting users and groups").
                """)
        @Argument(help: "The account name.") var account: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let change = try await run.services.admin.deleteUser(account: account)
            try output.print(change, to: run.output) {
                let devices = change.devicesRemoved
                return [
                    "deleted user \(AdminText.shown(change.user.account)) (\(AdminText.shown(change.user.id))) with "
                        + UserCommand.sessionsText(change) + " and \(devices) device\(devices == 1 ? "" : "s")"
                ]
            }
        }
    }
}

extension UserCommand {
    /// Both kinds of session a change ended, counted apart: `2 sessions, 1 web console session`
    /// (the app sessions of `sessionsRevoked`, then `consoleSessionsRemoved`).
    static func sessionsText(_ change: AdminUserChange) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return counted(change.sessionsRevoked, "session") + ", " + counted(change.consoleSessionsRemoved, "web console session")
    }
}
