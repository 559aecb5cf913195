import StrataContainer
import Synchronization

/// The Account micro-app's screen: who is signed in, the sync status, and the actions.
///
/// `signin [name]` pushes the sign-in prompts; `signout` signs out on this device even
/// offline, keeping changes not yet sent for the user's next sign-in; `signout sync` (the
/// seed's `mustSyncWithServer`) sends them and tells the server first, and refuses when it
/// cannot; `sync` sends and pulls once.
final class AccountScreen: TextScreen {
    let session: any SessionService
    let application: MicroApplication
    /// A line a pushed screen left for this one (the sign-in's outcome), shown once.
    private let notice = Mutex<String?>(nil)

    static let help = "signin [name] · signout · signout sync · sync · back · home · quit"

    init(session: any SessionService, application: MicroApplication) {
        self.session = session
        self.application = application
    }

    /// Leaves `text` to show above the screen the next time it is drawn.
    func leave(_ text: String) {
        notice.withLock { $0 = text }
    }

    func render() async -> [String] {
        var lines: [String] = []
        if let text = notice.withLock({ state -> String? in
            defer { state = nil }
            return state
        }) {
            lines += [text, ""]
        }
        lines.append("Account")
        lines.append("")
        do {
            let user = try await session.currentUser()
            lines += AccountText.status(user: user, state: try await session.syncState())
        } catch {
            lines.append("Cannot read the session: \(error)")
        }
        lines += ["", "Type: \(Self.help)"]
        return lines
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "":
            return .stay
        case "signin", "login":
            guard session.isConfigured else {
                return .message("Cannot sign in: no server configured: set STRATA_SERVER_URL (and STRATA_APP_KEY).")
            }
            let account = command.argument.isEmpty ? nil : command.argument
            if let account, let problem = SignInScreen.problem(account) { return .message(problem) }
            await context.push(SignInScreen(session: session, account: account, owner: self), for: application)
            return .stay
        case "signout", "logout":
            return await signOut(mustSyncWithServer: ["sync", "--sync", "server"].contains(command.argument.lowercased()))
        case "sync":
            do {
                return .message(AccountText.synced(try await session.syncNow()))
            } catch {
                return .message("Sync failed: \(error)")
            }
        default:
            return ScreenCommand.unknown(input)
        }
    }

    private func signOut(mustSyncWithServer: Bool) async -> ScreenResponse {
        do {
            return .message(AccountText.signedOut(try await session.signOut(mustSyncWithServer: mustSyncWithServer)))
        } catch let error as ContainerError {
            return .message(error.message.prefix(1).uppercased() + error.message.dropFirst())
        } catch {
            return .message("Not signed out: \(error)")
        }
    }
}
