import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataStore
import StrataSync
import Synchronization

/// The Account micro-app's screen: who is signed in, the sync status, and the actions.
///
/// `signin [name]` pushes the sign-in prompts; `signout` signs out on this device even
/// offline, keeping changes not yet sent for the user's next sign-in; `signout sync` (the
/// seed's `mustSyncWithServer`) sends them and tells the server first, and refuses when it
/// cannot; `sync` sends and pulls once. The changes the server refused are listed under the
/// status, numbered: `retry N` (or `retry ID`) sends one again with the edits since,
/// `discard N` drops it and brings the server's version back. The conflicts with other users'
/// writes are listed below them, numbered: `keep-mine N` (or `keep-mine ID`) sends this
/// device's values again, `keep-theirs N` keeps the other user's.
final class AccountScreen: TextScreen {
    let session: any SessionService
    let application: MicroApplication
    /// Where the data key is kept (the host's `dataKey` service), when the host provides it.
    let dataKey: (any DataKeyPlaceSource)?
    /// A line a pushed screen left for this one (the sign-in's outcome), shown once.
    private let notice = Mutex<String?>(nil)
    /// The data key line, asked once per screen (the answer may take a D-Bus round trip).
    private let dataKeyLine = Mutex<String?>(nil)

    static let help =
        "signin [name] · signout · signout sync · sync · retry N · discard N · keep-mine N · keep-theirs N · back · home · quit"

    init(session: any SessionService, application: MicroApplication, dataKey: (any DataKeyPlaceSource)? = nil) {
        self.session = session
        self.application = application
        self.dataKey = dataKey
    }

    /// "Data key: …", asked of ``dataKey`` the first time; `nil` without the service.
    private func dataKeyText() async -> String? {
        guard let dataKey else { return nil }
        if let line = dataKeyLine.withLock({ $0 }) { return line }
        let line: String
        do {
            line = AccountText.dataKey(try await dataKey.dataKeyReport())
        } catch {
            line = AccountText.dataKeyUnknown(error)
        }
        dataKeyLine.withLock { $0 = line }
        return line
    }

    /// Leaves `text` to show above the screen until the next typed line.
    func leave(_ text: String) {
        notice.withLock { $0 = text }
    }

    func render() async -> [String] {
        var lines: [String] = []
        // The notice stays until the next typed line: a redraw nobody typed for (the signed-in
        // event's, a sync's, a resize) shows it again instead of wiping it.
        if let text = notice.withLock({ $0 }) {
            lines += [text, ""]
        }
        lines.append(localized("Account", ja: "アカウント"))
        lines.append("")
        do {
            let user = try await session.currentUser()
            let state = try await session.status()
            let rejected = state.rejectedCount > 0 ? try await session.rejectedChanges() : []
            lines += AccountText.status(user: user, state: state, rejected: rejected)
            lines += AccountText.conflicts(try await session.conflicts())
        } catch {
            lines.append(localized("Cannot read the session: \(ErrorText.readable(error))", ja: "セッションを読めません: \(ErrorText.readable(error))"))
        }
        if let line = await dataKeyText() { lines += ["", line] }
        lines += ["", ScreenCommand.typeLine(Self.help)]
        return lines
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        notice.withLock { $0 = nil }
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "":
            return .stay
        case "signin", "login":
            guard session.isConfigured else {
                return .message(localized(
                    "Cannot sign in: no server configured: set STRATA_SERVER_URL (and STRATA_APP_KEY).",
                    ja: "サインインできません: サーバーが設定されていません。STRATA_SERVER_URL（と STRATA_APP_KEY）を設定してください。"))
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
                return .message(localized("Sync failed: \(ErrorText.readable(error))", ja: "同期に失敗しました: \(ErrorText.readable(error))"))
            }
        case "retry", "discard":
            return await act(command.word, on: command.argument)
        case "keep-mine", "keep-theirs":
            return await settle(command.word, on: command.argument)
        default:
            return ScreenCommand.unknown(input)
        }
    }

    /// `retry` or `discard` the rejected change `argument` names: its number in the list (a
    /// number from 1 to the count), else its id or an unambiguous start of it.
    private func act(_ verb: String, on argument: String) async -> ScreenResponse {
        do {
            let rejected = try await session.rejectedChanges()
            guard !argument.isEmpty, !rejected.isEmpty else {
                return .message(AccountText.whichChange(verb, count: rejected.count))
            }
            var id = argument
            if let number = Int(argument), (1...rejected.count).contains(number) { id = rejected[number - 1].operationID }
            if verb == "retry" {
                return .message(AccountText.retried(try await session.retryRejected(id)))
            }
            return .message(AccountText.discarded(try await session.discardRejected(id)))
        } catch {
            return .message(AccountText.actionFailed(verb, error))
        }
    }

    /// `keep-mine` or `keep-theirs` the conflict `argument` names: its number in the conflicts'
    /// list (a number from 1 to the count), else its id or an unambiguous start of it.
    private func settle(_ verb: String, on argument: String) async -> ScreenResponse {
        do {
            let conflicts = try await session.conflicts()
            guard !argument.isEmpty, !conflicts.isEmpty else {
                return .message(AccountText.whichConflict(verb, count: conflicts.count))
            }
            var id = argument
            if let number = Int(argument), (1...conflicts.count).contains(number) { id = conflicts[number - 1].id }
            let keepMine = verb == "keep-mine"
            return .message(AccountText.settled(try await session.resolveConflict(id, keepMine: keepMine), keepMine: keepMine))
        } catch {
            return .message(AccountText.actionFailed(verb, error))
        }
    }

    private func signOut(mustSyncWithServer: Bool) async -> ScreenResponse {
        do {
            return .message(AccountText.signedOut(try await session.signOut(mustSyncWithServer: mustSyncWithServer)))
        } catch let error as SyncError where error.code == .signOutRefused {
            return .message(error.message.prefix(1).uppercased() + error.message.dropFirst())
        } catch {
            return .message(localized("Not signed out: \(ErrorText.readable(error))", ja: "サインアウトしていません: \(ErrorText.readable(error))"))
        }
    }
}
