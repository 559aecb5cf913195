import Foundation
import StrataCrossCutting

import Synchronization

/// A screen that asks for a form's fields one at a time, then submits them: the text-UI form
/// prompt micro-apps use to add and edit things.
///
/// Each field shows its prompt and, in brackets, the value Enter keeps. `cancel` leaves the form
/// (`back`). After the last field the form calls `submit` with every value; a
/// ``Outcome/retry(_:)`` (e.g. the domain refused an age) starts the form again with the values
/// typed so far as the defaults, and shows the message.
///
/// ```swift
/// let form = FormScreen(title: "New case report", fields: [
///     .init(name: "patientName", prompt: "Patient name", required: true),
///     .init(name: "age", prompt: "Age in years", required: true),
/// ]) { values, context in
///     do { try save(values); return .done(.back) } catch { return .retry("\(error)") }
/// }
/// await context.push(form, for: application)
/// ```
public final class FormScreen: TextScreen {
    /// One field of the form.
    public struct Field: Sendable, Hashable {
        /// The key the value is submitted under.
        public var name: String
        /// What the person is asked (`Age in years`).
        public var prompt: String
        /// The value Enter keeps (shown in brackets); `nil` for none.
        public var defaultValue: String?
        /// Whether an empty value is refused.
        public var required: Bool

        /// A field.
        public init(name: String, prompt: String, defaultValue: String? = nil, required: Bool = false) {
            self.name = name
            self.prompt = prompt
            self.defaultValue = defaultValue
            self.required = required
        }
    }

    /// What the submit closure decided.
    public enum Outcome: Sendable, Hashable {
        /// The form is done: act on this response (usually `back`).
        case done(ScreenResponse)
        /// The values were refused: ask again, showing this message.
        case retry(String)
    }

    /// Receives every field's value by name.
    public typealias Submit = @Sendable ([String: String], any ContainerContext) async -> Outcome

    private struct State {
        var index = 0
        var values: [String: String] = [:]
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

    /// The title, the answers so far, and the current prompt.
    public func render() async -> [String] {
        let (index, values) = state.withLock { ($0.index, $0.values) }
        var lines = [title, ""]
        for field in fields.prefix(index) { lines.append("  \(field.prompt): \(values[field.name] ?? "")") }
        if index < fields.count {
            let field = fields[index]
            let kept = (values[field.name] ?? field.defaultValue).map { " [\($0)]" } ?? ""
            lines.append("> \(field.prompt)\(kept)\(field.required ? localized(" (required)", ja: "（必須）") : "")")
        }
        lines.append("")
        lines.append(
            localized(
                "Type a value and press Enter (Enter alone keeps the value in brackets); cancel to go back.",
                ja: "値を入力して Enter を押してください（Enter だけで [ ] 内の値のまま）。cancel で戻ります。"))
        return lines
    }

    /// Takes the current field's value; submits after the last one.
    public func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let typed = input.trimmingCharacters(in: .whitespaces)
        if typed.lowercased() == "cancel" { return .back }
        let step: (complete: [String: String]?, refused: String?) = state.withLock { state in
            let field = fields[state.index]
            let value = typed.isEmpty ? (state.values[field.name] ?? field.defaultValue ?? "") : typed
            if field.required && value.isEmpty {
                return (nil, localized("\(field.prompt) is required.", ja: "\(field.prompt)は必須です。"))
            }
            state.values[field.name] = value
            state.index += 1
            return (state.index == fields.count ? state.values : nil, nil)
        }
        if let refused = step.refused { return .message(refused) }
        guard let values = step.complete else { return .stay }
        switch await submit(values, context) {
        case .done(let response):
            return response
        case .retry(let message):
            state.withLock { $0.index = 0 }
            return .message(message)
        }
    }
}
