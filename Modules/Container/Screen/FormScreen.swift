import Foundation
import StrataCrossCutting

import Synchronization

/// A screen that asks for a form's fields one at a time, then submits them: the text-UI form
/// prompt micro-apps use to add and edit things.
///
/// Each field shows its prompt and, in brackets, the value Enter keeps; a closed field lists its
/// choices numbered under the prompt (a number or a value picks one). Every value is checked as
/// it is entered (``Field/check``, built from the domain's own rule): a refusal shows the
/// message and asks that field alone again, every earlier answer kept.
///
/// Inside a form the words every screen knows keep their meaning: `back` asks the previous
/// field again (on the first field it leaves the form), `cancel` leaves the form, `home` opens
/// the Launcher (the form stays where it was), `quit` quits. Only the full words (any case) act;
/// `b`, `h`, `q` are values here. To enter one of these words as a value, start it with a
/// backslash: `\back` enters `back` (`\\x` enters `\x`).
///
/// After the last field the form calls `submit` with every value; an ``Outcome/refuse(field:message:)``
/// (the domain refused a field's value) asks that field again, a ``Outcome/retry(_:)`` starts
/// the form again with the values typed so far as the defaults; both show the message.
///
/// ```swift
/// let form = FormScreen(title: "New case report", fields: [
///     .init(name: "patientName", prompt: "Patient name", required: true),
///     .init(name: "age", prompt: "Age in years", required: true, check: { ageRefusal($0) }),
///     .init(name: "gender", prompt: "Gender", choices: [.init("female"), .init("male")]),
/// ]) { values, context in
///     do { try save(values); return .done(.back) } catch { return .retry("\(error)") }
/// }
/// await context.push(form, for: application)
/// ```
public final class FormScreen: TextScreen {
    /// Receives every field's value by name.
    public typealias Submit = @Sendable ([String: String], any ContainerContext) async -> Outcome

    /// The words a form understands instead of a value (a leading `\` makes them a value).
    public static let commandWords: Set<String> = ["back", "cancel", "home", "quit"]

    private struct State {
        var index = 0
        var values: [String: String] = [:]
        /// The choices a field's search found (its first listing, or the matches of a word).
        var found: [String: [Choice]] = [:]
        /// The label of each value a search picked (shown with the answer).
        var labels: [String: String] = [:]
    }

    private let title: String
    private let fields: [Field]
    private let submit: Submit
    private let state = Mutex(State())

    /// A form titled `title` asking `fields` in order.
    public init(title: String, fields: [Field], submit: @escaping Submit) {
        self.title = title
        self.fields = fields
        self.submit = submit
    }

    /// The title, the answers so far, the current prompt and its choices.
    public func render() async -> [String] {
        let (index, values) = state.withLock { ($0.index, $0.values) }
        var lines = [title, ""]
        for field in fields.prefix(index) {
            lines.append("  \(field.prompt): \(shown(values[field.name] ?? "", of: field))")
        }
        var listsChoices = false
        if index < fields.count {
            let field = fields[index]
            let bracket = (values[field.name] ?? field.defaultValue).map { " [\(TerminalText.escaped($0))]" } ?? ""
            lines.append("> \(field.prompt)\(bracket)\(field.required ? localized(" (required)", ja: "（必須）") : "")")
            let choices = await choices(of: field)
            if !choices.isEmpty || field.search != nil { lines += Self.choiceLines(choices, field: field) }
            listsChoices = !choices.isEmpty
        }
        lines.append("")
        // Each line fits 80 columns: a full-screen terminal cuts longer ones.
        lines.append(
            localized(
                "Type a value, then Enter (Enter alone keeps the value in [brackets]).",
                ja: "値を入力して Enter（Enter だけで [ ] 内の値のまま）。"))
        if listsChoices {
            lines.append(localized("A listed number picks that choice.", ja: "一覧の番号でその選択肢を選べます。"))
        }
        lines.append(
            localized(
                "back: the previous field · cancel: leave the form · home · quit",
                ja: "back: 前の項目 · cancel: フォームを閉じる · home · quit"))
        lines.append(localized("\\back enters the word back as a value.", ja: "\\back と入力すると back という値になります。"))
        return lines
    }

    /// Takes the current field's value (or a form word); submits after the last field.
    public func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        var typed = input.trimmingCharacters(in: .whitespaces)
        if typed.hasPrefix("\\") {
            typed.removeFirst()
        } else if Self.commandWords.contains(typed.lowercased()) {
            return await command(typed.lowercased(), context: context)
        }
        let (index, kept) = state.withLock { state in
            (state.index, state.index < fields.count ? state.values[fields[state.index].name] : nil)
        }
        guard index < fields.count else { return .back }
        let field = fields[index]
        let accepted: String
        switch await value(typed.isEmpty ? (kept ?? field.defaultValue ?? "") : typed, for: field) {
        case .success(let value): accepted = value
        case .failure(let refusal): return .message(refusal.message)
        }
        let complete: [String: String]? = state.withLock { state in
            state.values[field.name] = accepted
            state.index = index + 1
            return state.index == fields.count ? state.values : nil
        }
        guard let values = complete else { return .stay }
        switch await submit(values, context) {
        case .done(let response):
            return response
        case .retry(let message):
            state.withLock { $0.index = 0 }
            return .message(message)
        case .refuse(let name, let message):
            let again = fields.firstIndex { $0.name == name } ?? 0
            state.withLock { state in
                state.index = again
                state.values[name] = nil
            }
            return .message(message)
        }
    }

    /// A refusal of a typed value, shown above the form.
    private struct Refusal: Error {
        let message: String
    }

    /// The value to keep for `text` typed into `field`: a choice's value, or the text the
    /// field's check accepts.
    private func value(_ text: String, for field: Field) async -> Result<String, Refusal> {
        if text.isEmpty {
            return field.required
                ? .failure(Refusal(message: localized("\(field.prompt) is required.", ja: "\(field.prompt)は必須です。")))
                : .success("")
        }
        var value = text
        let choices = await choices(of: field)
        switch Self.resolve(text, in: choices, several: field.allowsSeveral, field: field) {
        case .value(let picked):
            value = picked
        case .refused(let message):
            return .failure(Refusal(message: message))
        case .unlisted:
            if let search = field.search, Int(text) == nil {
                let matches = await search(text)
                if matches.count == 1 {
                    value = matches[0].value
                    if let label = matches[0].label { state.withLock { $0.labels[value] = label } }
                } else if matches.count > 1 {
                    state.withLock { $0.found[field.name] = matches }
                    let word = TerminalText.escaped(text)
                    return .failure(
                        Refusal(
                            message: localized(
                                "\(matches.count) match '\(word)': type the number of one.",
                                ja: "「\(word)」に \(matches.count) 件が一致しました。番号を入力してください。")))
                }
            } else if !choices.isEmpty && field.check == nil {
                return .failure(Refusal(message: Self.notListed(text, field: field, count: choices.count)))
            }
        }
        if let refusal = await field.check?(value) { return .failure(Refusal(message: refusal)) }
        return .success(value)
    }

    /// What a form word does: `back` the previous field, `cancel` leaves, `home`, `quit`.
    private func command(_ word: String, context: any ContainerContext) async -> ScreenResponse {
        switch word {
        case "back":
            let left = state.withLock { state -> Bool in
                guard state.index > 0 else { return true }
                state.index -= 1
                return false
            }
            return left ? .back : .stay
        case "cancel":
            return .back
        default:
            return await ScreenCommand(word).common(context: context) ?? .stay
        }
    }

    /// The choices listed for `field`: its own, or what its search found (searched once).
    private func choices(of field: Field) async -> [Choice] {
        guard let search = field.search else { return field.choices }
        if let found = state.withLock({ $0.found[field.name] }) { return found }
        let first = await search("")
        state.withLock { $0.found[field.name] = first }
        return first
    }

    /// An answer as shown above the prompt: a choice's label with its value, or the value.
    private func shown(_ value: String, of field: Field) -> String {
        let (found, picked) = state.withLock { ($0.found[field.name] ?? [], $0.labels[value]) }
        if let label = (field.choices + found).first(where: { $0.value == value })?.label ?? picked {
            return "\(TerminalText.escaped(label)) (\(TerminalText.escaped(value)))"
        }
        return TerminalText.escaped(value)
    }
}
