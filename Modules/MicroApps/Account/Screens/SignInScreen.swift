import Foundation
import StrataContainer
import StrataCrossCutting
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
            return ["Sign in", "", "Account name (an empty line cancels):"]
        }
        return ["Sign in as \(TerminalText.escaped(name))", "", "Password (not shown as you type; an empty line cancels):"]
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
            owner.leave("Sign-in cancelled.")
            return .back
        }
        do {
            owner.leave(AccountText.signedIn(try await session.signIn(account: name, password: input)))
        } catch {
            owner.leave("Sign-in failed: \(error)")
        }
        return .back
    }

    /// Why `account` cannot be an account name (a control character), or `nil`.
    static func problem(_ account: String) -> String? {
        guard let (scalar, position) = TerminalText.firstControl(in: account) else { return nil }
        return "The account name '\(TerminalText.escaped(account))' holds the control character "
            + "\(TerminalText.describe(scalar)) at position \(position); type the account name on the server."
    }
}
