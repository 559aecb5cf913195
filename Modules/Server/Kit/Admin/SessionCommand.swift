import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin session list|revoke`.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "List or revoke sessions (the bearer tokens apps log in with).",
        subcommands: [List.self, Revoke.self])

    /// `admin session list [--user ACCOUNT]`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the unexpired sessions.",
            discussion: """
                One line per session: ID (the first 16 hex digits of its token's SHA-256, what `session revoke` \
                takes), ACCOUNT, APP_ID, APP_VERSION, VALID_UNTIL (RFC 3339, UTC).
                """)
        @Option(name: .long, help: "Only this user's sessions.") var user: String?
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let sessions = try await run.services.admin.sessions(account: user)
            try output.print(sessions, to: run.output, header: ["ID", "ACCOUNT", "APP_ID", "APP_VERSION", "VALID_UNTIL"]) { sessions.map(SessionCommand.line) }
        }
    }

    /// `admin session revoke (ID | --user ACCOUNT)`.
    struct Revoke: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke one session, or every session of a user: its token is refused from then on.",
            discussion: """
                The app must log in again (the user's password still works; to stop that too, use \
                `user update --disable`). Prints the revoked sessions as `session list` does.
                """)
        @Argument(help: "The session's id from `session list` (16 hex digits).") var id: String?
        @Option(name: .long, help: "Revoke every session of this user instead.") var user: String?
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard (id != nil) != (user != nil) else { throw ValidationError("give exactly one of a session ID and --user") }
            if let id, id.count != 16 || !id.allSatisfy(\.isHexDigit) {
                throw ValidationError("session id '\(id.prefix(40))' is not 16 hex digits; see `admin session list`")
            }
        }

        func execute(_ run: CommandRun) async throws {
            let revoked =
                if let user {
                    try await run.services.admin.revokeSessions(account: user)
                } else {
                    [try await run.services.admin.revokeSession(id: id ?? "")]
                }
            try output.print(revoked, to: run.output) {
                ["revoked \(revoked.count) session\(revoked.count == 1 ? "" : "s")"] + revoked.map(SessionCommand.line)
            }
        }
    }

    static func line(_ session: AdminSession) -> String {
        AdminText.line(session.id, session.account, session.appId, session.appVersion, AdminText.date(session.validUntil))
    }
}
