import StrataCrossCutting

extension FormScreen {
    /// Checks one field's value as it is entered: a refusal message (naming the field, the
    /// value and what is accepted), or `nil` to accept it. Build it from the domain's own rule,
    /// so the rule lives once.
    public typealias Check = @Sendable (String) async -> String?

    /// Finds the choices matching a typed word (`""`: the first ones to list) for a field whose
    /// choices are too many to list at once (a case report among hundreds).
    public typealias Search = @Sendable (String) async -> [Choice]

    /// One allowed value of a closed field, listed numbered under the prompt: typing its number
    /// or its value picks it.
    public struct Choice: Sendable, Hashable {
        /// The value submitted (`female`, a report id).
        public var value: String
        /// What is shown next to the value (`女性`, `Hanako Sato, 2026-11-22`); `nil` to show
        /// the value alone.
        public var label: String?

        /// A choice submitting `value`, shown with `label` when it says more than the value.
        public init(_ value: String, label: String? = nil) {
            self.value = value
            self.label = label == value ? nil : label
        }
    }

    /// One field of the form.
    ///
    /// A closed field lists its ``choices`` (or the ones its ``search`` finds); the person types
    /// a number, a value, or (with ``allowsSeveral``) several separated by commas. Every value
    /// goes through ``check`` before the form moves on: a refusal re-asks this field alone.
    public struct Field: Sendable {
        /// The key the value is submitted under.
        public var name: String
        /// What the person is asked (`Age in years`).
        public var prompt: String
        /// The value Enter keeps (shown in brackets); `nil` for none.
        public var defaultValue: String?
        /// Whether an empty value is refused.
        public var required: Bool
        /// The allowed values, listed numbered under the prompt; empty for a free field.
        public var choices: [Choice]
        /// Whether several choices may be given, separated by commas (`1,3` or `ace,diuretic`);
        /// they are submitted as their values joined by commas.
        public var allowsSeveral: Bool
        /// The domain's check of a value (after a typed number became its choice's value).
        public var check: Check?
        /// Finds choices by a typed word; the form lists what `search("")` returns at first.
        public var search: Search?

        /// A field; `choices` make it closed, `check` refuses a value with a message.
        public init(
            name: String, prompt: String, defaultValue: String? = nil, required: Bool = false, choices: [Choice] = [],
            allowsSeveral: Bool = false, check: Check? = nil, search: Search? = nil
        ) {
            self.name = name
            self.prompt = prompt
            self.defaultValue = defaultValue
            self.required = required
            self.choices = choices
            self.allowsSeveral = allowsSeveral
            self.check = check
            self.search = search
        }
    }

    /// What the submit closure decided.
    public enum Outcome: Sendable, Hashable {
        /// The form is done: act on this response (usually `back`).
        case done(ScreenResponse)
        /// The values were refused as a whole: ask every field again from the first (the
        /// values typed so far kept as the defaults), showing this message.
        case retry(String)
        /// The value of the field named `field` was refused: ask that field alone again (every
        /// other answer kept), showing `message`.
        case refuse(field: String, message: String)

        /// What a form does when its submit was refused with `error`: asks `field` (one of the
        /// form's fields, the one the refusal names) alone again, else the whole form; the
        /// message is the error as a person reads it (``ErrorText/readable(_:)``).
        public static func refused(_ error: any Error, field: String?) -> Self {
            let message = ErrorText.readable(error)
            guard let field else { return .retry(message) }
            return .refuse(field: field, message: message)
        }
    }
}

extension FormScreen {
    /// A ``Check`` body as a refusal: `nil` when `body` returns, the error's description (a
    /// `StrataError`'s message) when it throws.
    ///
    /// ```swift
    /// .init(name: "age", prompt: "Age", check: { text in FormScreen.refusal { _ = try Rules.age(text) } })
    /// ```
    public static func refusal(of body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return ErrorText.readable(error)
        }
    }
}
