import ArgumentParser
import Foundation
import StrataCrossCutting

/// The checks `strata-host`'s commands run on their arguments before anything is opened: each
/// failure is a `ValidationError` (one line naming the argument, exit status 64).
enum ArgumentChecks {
    /// What a case report id is, for messages.
    static var reportID: String {
        localized(
            "a case report id, as printed by 'reports add' or 'reports list'",
            ja: "症例報告の ID（'reports add' や 'reports list' が表示するもの）")
    }
    /// What a follow-up id is, for messages.
    static var followUpID: String {
        localized(
            "a follow-up id, as printed by 'follows add' or 'follows list'",
            ja: "フォローアップの ID（'follows add' や 'follows list' が表示するもの）")
    }

    /// Refuses an id that is empty or blank, holds a control character, or holds a `/` (which
    /// would reach another route: `reports show ID/delete` must never delete).
    ///
    /// - Parameters:
    ///   - id: the id as given.
    ///   - name: the argument as people see it (`the report id`, `--report`).
    ///   - expected: what a valid id is.
    static func identifier(_ id: String, name: String, expected: String) throws {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(localized("\(name) is empty; expected \(expected)", ja: "\(name)が空です。\(expected)を指定してください"))
        }
        if let (scalar, position) = TerminalText.firstControl(in: id) {
            throw ValidationError(
                "\(name) '\(TerminalText.escaped(id))' holds the control character \(TerminalText.describe(scalar)) "
                    + "at position \(position); expected \(expected)")
        }
        guard !id.contains("/") else {
            throw ValidationError("\(name) '\(id)' holds a '/', which no id does; expected \(expected)")
        }
    }

    /// Refuses a negative number given to `option`, saying what is expected instead.
    static func notNegative(_ value: Int?, option: String, expected: String) throws {
        guard let value, value < 0 else { return }
        throw ValidationError("\(option) \(value): a negative value is not allowed; expected \(expected)")
    }

    /// Refuses a negative number given to `option`, saying what is expected instead.
    static func notNegative(_ value: Double?, option: String, expected: String) throws {
        guard let value, value < 0 else { return }
        throw ValidationError("\(option) \(shown(value)): a negative value is not allowed; expected \(expected)")
    }

    /// A number as people write it: `-1`, `-0.5`.
    static func shown(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 && value.rounded() == value ? String(Int64(value)) : String(value)
    }
}
