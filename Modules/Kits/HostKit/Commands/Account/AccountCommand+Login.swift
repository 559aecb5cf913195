import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AccountCommand {
    /// `account login`: signs in with the server and keeps the session in the store.
    struct Login: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Sign in to the sync server (needs STRATA_SERVER_URL).",
            discussion: """
                The password is read from standard input's first line with --password-stdin; \
                otherwise it is asked for on the terminal without echo.

                Examples:
                  echo "$PASSWORD" | strata-host account login --account sigrid --password-stdin
                """
        )

        @Option(help: ArgumentHelp("The account name on the server.", valueName: "name"))
        var account: String

        @Flag(help: "Read the password from standard input's first line.")
        var passwordStdin = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard !account.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--account must not be empty")
            }
            // A one-line name: it is sent to the server, printed, and shown in the password prompt.
            if let (scalar, position) = TerminalText.firstControl(in: account) {
                throw ValidationError(
                    "--account '\(TerminalText.escaped(account))' holds the control character "
                        + "\(TerminalText.describe(scalar)) at position \(position); expected an account name on the server")
            }
        }

        func request(_ context: HostContext) throws -> HostRequest {
            let sync = try context.requireSync()
            // Login needs the server: say so before asking for a password.
            if !sync.isConfigured {
                throw SyncError(
                    .offline,
                    localized(
                        "no server configured: set STRATA_SERVER_URL (and STRATA_APP_KEY) to log in",
                        ja: "サーバーが設定されていません。ログインするには STRATA_SERVER_URL（と STRATA_APP_KEY）を設定してください"))
            }
            let password = try readPassword(interactive: context.interactive)
            let account = account
            return .task {
                let info = try await sync.login(account: account, password: password)
                return SyncText.signedIn(info)
            }
        }

        /// The password from standard input (`--password-stdin`) or the terminal.
        private func readPassword(interactive: Bool) throws -> String {
            if passwordStdin {
                guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                    throw ValidationError(
                        localized(
                            "--password-stdin: standard input held no password line",
                            ja: "--password-stdin: 標準入力にパスワードの行がありません"))
                }
                return line
            }
            guard isatty(STDIN_FILENO) == 1, let typed = getpass(localized("Password for \(account): ", ja: "\(account) のパスワード: ")) else {
                throw ValidationError(
                    localized(
                        "no terminal to ask for the password: pass --password-stdin and write it to standard input",
                        ja: "パスワードを尋ねる端末がありません。--password-stdin を付けて標準入力に書いてください"))
            }
            let password = String(cString: typed)
            guard !password.isEmpty else { throw ValidationError(localized("the password must not be empty", ja: "パスワードが空です")) }
            return password
        }
    }
}
