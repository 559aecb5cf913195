import Foundation
import StrataCrossCutting

extension FormScreen {
    /// What a typed answer to a closed field came to.
    enum Resolution: Equatable {
        /// The value to submit (a choice's value, or several joined by commas).
        case value(String)
        /// Nothing listed matches the text as a whole: the field's check (or search) decides.
        case unlisted
        /// A part of a several-choice answer matches nothing listed: the refusal.
        case refused(String)
    }

    /// Reads `typed` against `choices`: a number (`2`) picks that choice, a value or a label
    /// (case-insensitive) picks its choice; with `several`, each comma-separated part does.
    static func resolve(_ typed: String, in choices: [Choice], several: Bool, field: Field) -> Resolution {
        guard !choices.isEmpty else { return .unlisted }
        guard several else { return pick(typed, in: choices).map(Resolution.value) ?? .unlisted }
        var picked: [String] = []
        for part in typed.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let value = pick(part, in: choices) else {
                return .refused(notListed(part, field: field, count: choices.count))
            }
            if !picked.contains(value) { picked.append(value) }
        }
        return .value(picked.joined(separator: ","))
    }

    /// The value `text` picks among `choices`, or `nil`.
    private static func pick(_ text: String, in choices: [Choice]) -> String? {
        if let number = Int(text), choices.indices.contains(number - 1) { return choices[number - 1].value }
        let lowered = text.lowercased()
        return choices.first { $0.value.lowercased() == lowered || $0.label?.lowercased() == lowered }?.value
    }

    /// The refusal of a value no choice matches: names the field, the value and what is accepted.
    static func notListed(_ text: String, field: Field, count: Int) -> String {
        let shown = TerminalText.escaped(text)
        return localized(
            "\(field.prompt): '\(shown)' is not one of the choices; type a number from 1 to \(count) or a listed value.",
            ja: "\(field.prompt): 「\(shown)」は選択肢にありません。1〜\(count) の番号か、一覧の値を入力してください。")
    }

    /// The lines listing `choices` under the prompt: `1. female`, `2. 女性 (female)`.
    static func choiceLines(_ choices: [Choice], field: Field) -> [String] {
        var lines = choices.enumerated().map { index, choice in
            let value = TerminalText.escaped(choice.value)
            let text = choice.label.map { "\(TerminalText.escaped($0)) (\(value))" } ?? value
            return "    \(index + 1). \(text)"
        }
        if field.allowsSeveral {
            lines.append(
                localized(
                    "    Several allowed, separated by commas (1,3 or ace,diuretic).",
                    ja: "    複数可（カンマ区切り、例: 1,3 や ace,diuretic）。"))
        }
        if field.search != nil {
            lines.append(
                localized(
                    "    Type a number, an id, or a word to search for.",
                    ja: "    番号、ID、または検索する語を入力してください。"))
        }
        return lines
    }
}
