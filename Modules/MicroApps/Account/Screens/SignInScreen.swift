import Foundation
import StrataContainer
import StrataCrossCutting
import StrataSync
import Synchronization

/// The sign-in prompts: the account name (unless given), then the password, which the
/// container does not echo (``hidesInput`` while it is asked for). An empty line cancels.
/// The outcome is left on the account screen, which this screen goes back to.
final class SignInScreen: TextScreen {
    private let session: any SessionService
    private let owner: AccountScreen
    /// The account name, once typed (or given with `signin NAME`).
    private let account: Mutex<String?>

    init(session: any SessionService, account: String?, owner: AccountScreen) {
        self.session = session
        self.owner = owner
        self.account = Mutex(account)
    }

    var hidesInput: Bool { account.withLock { $0 != nil } }

    func render() async -> [String] {
        guard let name = account.withLock({ $0 }) else {
            return [
                localized("Sign in", ja: "サインイン"), "",
                localized("Account name (an empty line cancels):", ja: "アカウント名（空行で取り消し）:"),
            ]
        }
        return [
            localized("Sign in as \(TerminalText.escaped(name))", ja: "\(TerminalText.escaped(name)) としてサインイン"), "",
            localized(
                "Password (not shown as you type; an empty line cancels):", ja: "パスワード（入力は表示されません。空行で取り消し）:"),
        ]
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        guard let name = account.withLock({ $0 }) else {
            let typed = input.trimmingCharacters(in: .whitespaces)
            if typed.isEmpty { return .back }
            if let problem = Self.problem(typed) { return .message(problem) }
            account.withLock { $0 = typed }
            return .stay
        }
        guard !input.isEmpty else {
            owner.leave(localized("Sign-in cancelled.", ja: "サインインを取り消しました。"))
            return .back
        }
        do {
            owner.leave(AccountText.signedIn(try await session.signIn(account: name, password: input)))
        } catch {
            owner.leave(localized("Sign-in failed: \(ErrorText.readable(error))", ja: "サインインに失敗しました: \(ErrorText.readable(error))"))
        }
        return .back
    }

    /// Why `account` cannot be an account name (a control character), or `nil`.
    static func problem(_ account: String) -> String? {
        guard let (scalar, position) = TerminalText.firstControl(in: account) else { return nil }
        return localized(
            "The account name '\(TerminalText.escaped(account))' holds the control character "
                + "\(TerminalText.describe(scalar)) at position \(position); type the account name on the server.",
            ja: "アカウント名 '\(TerminalText.escaped(account))' の \(position) 文字目に制御文字 "
                + "\(TerminalText.describe(scalar)) があります。サーバー上のアカウント名を入力してください。")
    }
}
