/// The language of the hosts' user-facing lines and screens: Japanese when the locale says so
/// (seed 003 localizes the SDK's messages), English otherwise.
///
/// The language is read once from the environment, the way `gettext` reads it — the first set
/// of `LC_ALL`, `LC_MESSAGES`, `LANG` — and bound for the whole run by ``StrataExecutable/main()``
/// as a task-local, so no global mutable state holds it. Code that writes a message calls
/// ``localized(_:ja:)``:
///
/// ```swift
/// output.write(localized("Signed in as \(account).", ja: "\(account) としてサインインしました。"))
/// ```
///
/// Tests bind a language around the code under test:
///
/// ```swift
/// let line = MessageLanguage.$current.withValue(.japanese) { SyncText.never }
/// ```
///
/// - Important: a task-local follows structured tasks and `Task {}`, not `Task.detached` or
///   other threads: render messages in the task that answers the user.
public enum MessageLanguage: String, Sendable, Hashable, CaseIterable {
    /// English, the default.
    case english = "en"
    /// Japanese (`LANG=ja_JP.UTF-8` and every other `ja` locale).
    case japanese = "ja"

    /// The language of the current task: ``english`` unless bound with `$current.withValue`.
    @TaskLocal public static var current: MessageLanguage = .english

    /// The language `environment` asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and non-empty decides; `ja`, `ja_JP`, `ja_JP.UTF-8` (any `ja` locale) is
    /// Japanese, everything else (and nothing set) English.
    public static func from(environment: [String: String]) -> MessageLanguage {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let language = value.prefix { $0 != "_" && $0 != "." && $0 != "@" }
            return language == "ja" ? .japanese : .english
        }
        return .english
    }
}

/// `english`, or `japanese` when the current task's ``MessageLanguage`` is Japanese.
///
/// Both arguments are whole sentences (word order differs between the two languages), each
/// with its own interpolations.
public func localized(_ english: @autoclosure () -> String, ja japanese: @autoclosure () -> String) -> String {
    MessageLanguage.current == .japanese ? japanese() : english()
}
