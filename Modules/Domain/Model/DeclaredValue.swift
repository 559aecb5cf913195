#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
import StrataCrossCutting
public import StrataStore

/// A label in the two languages messages are written in, picked when it is shown.
public struct FieldLabel: Sendable, Hashable {
    /// The English text.
    public let english: String
    /// The Japanese text.
    public let japanese: String

    /// A label reading `english`, or `japanese` when the person reads Japanese.
    public init(_ english: String, ja japanese: String) {
        self.english = english
        self.japanese = japanese
    }

    /// The label in the person's language.
    public var text: String { localized(english, ja: japanese) }
}

/// One value of a closed set a form lists: what is typed and its label.
public struct DeclaredChoice: Sendable, Hashable {
    /// What is typed (`female`).
    public let value: String
    /// The value's name in the person's language (`女性`).
    public let label: FieldLabel

    /// A choice typed as `value`, labelled `label`.
    public init(_ value: String, label: FieldLabel) {
        self.value = value
        self.label = label
    }
}

/// A declared field's value in a JSON shape: every key is always present.
public enum DeclaredJSONValue: Encodable, Sendable, Hashable {
    /// A string.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A number (`140`, `92.5`).
    case number(Double)
    /// A list of strings (a choice list's names).
    case strings([String])
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// Writes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .strings(let texts): try container.encode(texts)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        }
    }
}

/// How a URL parameter or a command-line option gives a declared field's value: what the
/// route declarations read as the parameter's kind.
public enum DeclaredInput: Sendable, Hashable {
    /// Free text.
    case text
    /// A flag (`--x`/`--no-x`; `true`/`false` in a URL).
    case flag
    /// One of these values.
    case choice([String])
    /// Any of these values: a repeatable option, a comma-separated URL parameter.
    case choices([String])
    /// A whole number; the range the rule accepts from 0 up.
    case wholeNumber(ClosedRange<Int>)
    /// A number in this range.
    case number(ClosedRange<Double>)
    /// A day, `YYYY-MM-DD`.
    case day
    /// The id of another object; what such an id is, for messages.
    case identifier(FieldLabel)
}

/// A value a declared field (``DeclaredField``) holds, read from text and shown the same way
/// in a URL, a form, a command line, the text output and JSON.
public protocol DeclaredValue: FieldValueConvertible, Sendable, Equatable {
    /// Reads `text` given for the parameter `name`; `nil` when the text gives no value (empty).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming `name` and what is accepted.
    static func parse(_ text: String, name: String) throws -> Self?
    /// The value as people read it (`42`, `female`, `yes`).
    var displayText: String { get }
    /// The value as a form shows it and reads it back (`yes`/`no` for a flag).
    var inputText: String { get }
    /// The value in a JSON shape.
    var jsonValue: DeclaredJSONValue { get }
    /// The values a form lists, or none for free input.
    static var choices: [DeclaredChoice] { get }
    /// Whether a command line sets it as a flag (`--x`/`--no-x`) rather than an option with a value.
    static var isFlag: Bool { get }
    /// Whether it is free text (shown as `(empty)` when empty in a list of changes).
    static var isText: Bool { get }
}

extension DeclaredValue {
    /// The text a form shows: the display text.
    public var inputText: String { displayText }
    /// Free input: no choices.
    public static var choices: [DeclaredChoice] { [] }
    /// An option with a value.
    public static var isFlag: Bool { false }
    /// Not free text.
    public static var isText: Bool { false }
}

extension String: DeclaredValue {
    /// The text as given (an empty text is an empty value, which the field's rule may refuse).
    public static func parse(_ text: String, name: String) throws -> String? { text }
    /// The text itself.
    public var displayText: String { self }
    /// A JSON string.
    public var jsonValue: DeclaredJSONValue { .string(self) }
    /// Free text.
    public static var isText: Bool { true }
}

extension Int: DeclaredValue {
    /// A whole number; `nil` for an empty text.
    public static func parse(_ text: String, name: String) throws -> Int? {
        guard !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw DomainError(
                .invalidInput, localized("\(name) '\(text)' is not a whole number", ja: "\(name) '\(text)' は整数ではありません"))
        }
        return value
    }
    /// The number in digits.
    public var displayText: String { String(self) }
    /// A JSON number.
    public var jsonValue: DeclaredJSONValue { .integer(self) }
}

extension Double: DeclaredValue {
    /// A number; `nil` for an empty text.
    public static func parse(_ text: String, name: String) throws -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text) else {
            throw DomainError(.invalidInput, localized("\(name) '\(text)' is not a number", ja: "\(name) '\(text)' は数値ではありません"))
        }
        return value
    }
    /// The number, without a fraction when it is whole (`140`, `92.5`).
    public var displayText: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
    /// A JSON number.
    public var jsonValue: DeclaredJSONValue { .number(self) }
}

extension Optional: DeclaredValue where Wrapped: DeclaredValue {
    /// The wrapped value read from `text`; `nil` (no value given: the field stays as it is) for
    /// an empty text.
    public static func parse(_ text: String, name: String) throws -> Wrapped?? {
        try Wrapped.parse(text, name: name).map { .some($0) }
    }
    /// The wrapped value's text, or empty.
    public var displayText: String { map(\.displayText) ?? "" }
    /// The wrapped value as a form shows it, or empty.
    public var inputText: String { map(\.inputText) ?? "" }
    /// The wrapped value, or `null`.
    public var jsonValue: DeclaredJSONValue { map(\.jsonValue) ?? .null }
    /// The wrapped value's choices.
    public static var choices: [DeclaredChoice] { Wrapped.choices }
    /// Never a flag (a flag cannot say "no value").
    public static var isFlag: Bool { false }
    /// Whether the wrapped value is free text.
    public static var isText: Bool { Wrapped.isText }
}

extension Bool: DeclaredValue {
    /// `yes`/`no` (`true`/`false`, `y`/`n`, `1`/`0`, any case); `nil` for an empty text.
    public static func parse(_ text: String, name: String) throws -> Bool? {
        let text = text.lowercased()
        switch text {
        case "": return nil
        case "true", "yes", "y", "1": return true
        case "false", "no", "n", "0": return false
        default:
            throw DomainError(
                .invalidInput,
                localized(
                    "\(name) '\(text)' is not yes or no (true/false)",
                    ja: "\(name) '\(text)' は yes でも no でもありません（true/false）"))
        }
    }
    /// `yes`/`no` for people (`はい`/`いいえ` in Japanese).
    public var displayText: String { self ? localized("yes", ja: "はい") : localized("no", ja: "いいえ") }
    /// `yes` or `no`, as typed.
    public var inputText: String { self ? "yes" : "no" }
    /// A JSON boolean.
    public var jsonValue: DeclaredJSONValue { .bool(self) }
    /// `yes` and `no`.
    public static var choices: [DeclaredChoice] {
        [DeclaredChoice("yes", label: FieldLabel("yes", ja: "はい")), DeclaredChoice("no", label: FieldLabel("no", ja: "いいえ"))]
    }
    /// A flag.
    public static var isFlag: Bool { true }
}

extension Date: DeclaredValue {
    /// An ISO 8601 instant (`2026-12-06T09:00:00Z`); `nil` for an empty text.
    public static func parse(_ text: String, name: String) throws -> Date? {
        guard !text.isEmpty else { return nil }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw DomainError(
                .invalidInput,
                localized("\(name) '\(text)' is not an ISO 8601 instant", ja: "\(name) '\(text)' は ISO 8601 の日時ではありません"))
        }
        return date
    }
    /// The ISO 8601 instant in UTC.
    public var displayText: String { DayText.instant(self) }
    /// The ISO 8601 instant in UTC, as a JSON string.
    public var jsonValue: DeclaredJSONValue { .string(DayText.instant(self)) }
}
