#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
import StrataCrossCutting
public import StrataStore

/// One field of a value-object type, declared once: its stored key (or keys, for a choice list
/// of flags), its name in URLs, forms and command lines, its JSON key, its labels in English
/// and Japanese, its choices and its rule.
///
/// A type lists its fields in one table (``CaseReport/declaredFields``,
/// ``FollowUp/declaredFields``: a ``DeclaredObject``); the store's schema, the JSON and text
/// shapes, the forms, the URL and command-line parameters and their help are all read from
/// that table, so adding a field is one line there (plus its rule).
///
/// ```swift
/// .field("memo", \.memo, label: FieldLabel("memo", ja: "メモ"), prompt: FieldLabel("Memo", ja: "メモ"),
///        help: "Free text about the case.", multiLine: true, rule: CaseReport.checkedMemo)
/// ```
public struct DeclaredField<Object: ValueObject>: Sendable {
    /// The stored key (the column, and the name the domain's messages use: `isFollow`); for a
    /// choice list of flags, its name (each flag is stored under its own key, see ``stored``).
    public let key: String
    /// The name in URLs and forms (`follow`); the command-line option is its kebab case.
    public let name: String
    /// The key in the JSON shape (default: ``name``; `reportId` for a follow-up's report).
    public let jsonName: String
    /// The label in text output (`patient`).
    public let label: FieldLabel
    /// The question a form asks, or `nil` for bookkeeping a person never gives (`createdAt`).
    public let prompt: FieldLabel?
    /// The command-line help, in English as the rest of the help.
    public let help: String
    /// The value's name in the command-line help (`years`), or `nil` for the default.
    public let valueName: String?
    /// The field's name in Japanese messages (`患者名`).
    public let term: String
    /// Whether adding an object needs a value (a form asks for it with no default).
    public let requiredToAdd: Bool
    /// Whether the text keeps its line breaks (a memo); one-line values are shown escaped.
    public let multiLine: Bool
    /// The values a form lists (empty: free input).
    public let choices: [DeclaredChoice]
    /// Whether the command line sets it as a flag (`--x`/`--no-x`).
    public let isFlag: Bool
    /// Whether it is free text (`(empty)` when empty in a list of changes).
    public let isText: Bool
    /// How a URL parameter or a command-line option gives the value (the route's parameter kind).
    public let input: DeclaredInput
    /// The stored fields, for the schema: one, or one per flag of a choice list.
    public let stored: [ValueObjectSchema<Object>.Field]
    let display: @Sendable (Object, Calendar) -> String
    let shownInForm: @Sendable (Object, Calendar) -> String
    let json: @Sendable (Object, Calendar) -> DeclaredJSONValue
    let parseInto: @Sendable (String, Calendar, inout Object) throws -> Bool
    let checkIn: @Sendable (inout Object) throws -> Void
    let copyInto: @Sendable (Object, inout Object) -> Void

    /// A field stored under `key` in `keyPath`.
    ///
    /// - Parameters:
    ///   - name: its name in URLs, forms and JSON (default: `key`).
    ///   - jsonName: its key in JSON (default: `name`).
    ///   - label: its label in text output.
    ///   - prompt: the question a form asks; `nil` for a field no person gives.
    ///   - help: the command-line help.
    ///   - valueName: the value's name in the command-line help.
    ///   - term: its Japanese name in messages (default: the label's Japanese).
    ///   - requiredToAdd: whether adding needs it.
    ///   - multiLine: whether its text keeps line breaks.
    ///   - input: how a parameter gives it (default: read from the value's type and its rule).
    ///   - rule: the domain's rule: the value as saved, or an error naming the field.
    public static func field<Value: DeclaredValue>(
        _ key: String, _ keyPath: any WritableKeyPath<Object, Value> & Sendable, name: String? = nil, jsonName: String? = nil,
        label: FieldLabel, prompt: FieldLabel? = nil, help: String = "", valueName: String? = nil, term: String? = nil,
        requiredToAdd: Bool = false, multiLine: Bool = false, input: DeclaredInput? = nil,
        rule: (@Sendable (Value) throws -> Value)? = nil
    ) -> Self {
        let name = name ?? key
        let checkIn: @Sendable (inout Object) throws -> Void = { object in
            guard let rule else { return }
            object[keyPath: keyPath] = try rule(object[keyPath: keyPath])
        }
        return Self(
            key: key, name: name, jsonName: jsonName ?? name, label: label, prompt: prompt, help: help, valueName: valueName,
            term: term ?? label.japanese, requiredToAdd: requiredToAdd, multiLine: multiLine, choices: Value.choices,
            isFlag: Value.isFlag, isText: Value.isText,
            input: input
                ?? inferredInput(Value.self) { number in
                    guard let value = number as? Value else { return false }
                    var object = Object()
                    object[keyPath: keyPath] = value
                    return (try? checkIn(&object)) != nil
                },
            stored: [.field(key, keyPath)],
            display: { object, _ in object[keyPath: keyPath].displayText },
            shownInForm: { object, _ in object[keyPath: keyPath].inputText },
            json: { object, _ in object[keyPath: keyPath].jsonValue },
            parseInto: { text, _, object in
                guard let value = try Value.parse(text, name: name) else { return false }
                object[keyPath: keyPath] = value
                return true
            },
            checkIn: checkIn,
            copyInto: { source, object in object[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// A day stored as the instant it starts, given and shown as `YYYY-MM-DD` in the calendar
    /// of whoever reads it (the JSON too).
    ///
    /// - Parameters: as ``field(_:_:name:jsonName:label:prompt:help:valueName:term:requiredToAdd:multiLine:input:rule:)``.
    public static func day(
        _ key: String, _ keyPath: any WritableKeyPath<Object, Date> & Sendable, name: String? = nil, jsonName: String? = nil,
        label: FieldLabel, prompt: FieldLabel? = nil, help: String = "", valueName: String? = "YYYY-MM-DD", term: String? = nil,
        requiredToAdd: Bool = false
    ) -> Self {
        let name = name ?? key
        return Self(
            key: key, name: name, jsonName: jsonName ?? name, label: label, prompt: prompt, help: help, valueName: valueName,
            term: term ?? label.japanese, requiredToAdd: requiredToAdd, multiLine: false, choices: [], isFlag: false,
            isText: false, input: .day, stored: [.field(key, keyPath)],
            display: { object, calendar in DayText.day(object[keyPath: keyPath], calendar: calendar) },
            shownInForm: { object, calendar in DayText.day(object[keyPath: keyPath], calendar: calendar) },
            json: { object, calendar in .string(DayText.day(object[keyPath: keyPath], calendar: calendar)) },
            parseInto: { text, calendar, object in
                guard !text.isEmpty else { return false }
                object[keyPath: keyPath] = try DayText.parse(text, calendar: calendar, what: name)
                return true
            },
            checkIn: { _ in },
            copyInto: { source, object in object[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// Several flags given and shown as one list of their names (`ace,diuretic`; a repeatable
    /// option on the command line), each flag stored under its choice's value.
    ///
    /// - Parameters:
    ///   - flags: each flag's choice (its stored key and name, and its label) and property, in
    ///     the order they are listed.
    ///   - term: its Japanese name in messages (`投薬`: "… は不明な投薬です").
    ///   - others: as ``field(_:_:name:jsonName:label:prompt:help:valueName:term:requiredToAdd:multiLine:input:rule:)``.
    public static func choiceList(
        _ name: String, flags: [(DeclaredChoice, any WritableKeyPath<Object, Bool> & Sendable)], jsonName: String? = nil,
        label: FieldLabel, prompt: FieldLabel? = nil, help: String = "", valueName: String? = nil, term: String? = nil
    ) -> Self {
        let term = term ?? label.japanese
        let given: @Sendable (Object) -> [String] = { object in flags.filter { object[keyPath: $0.1] }.map(\.0.value) }
        return Self(
            key: name, name: name, jsonName: jsonName ?? name, label: label, prompt: prompt, help: help, valueName: valueName,
            term: term, requiredToAdd: false, multiLine: false, choices: flags.map(\.0), isFlag: false, isText: false,
            input: .choices(flags.map(\.0.value)), stored: flags.map { .field($0.0.value, $0.1) },
            display: { object, _ in given(object).joined(separator: ", ") },
            shownInForm: { object, _ in given(object).joined(separator: ",") },
            json: { object, _ in .strings(given(object)) },
            parseInto: { text, _, object in
                let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
                let names = text.split(separator: ",").map { String($0.drop(while: blank).reversed().drop(while: blank).reversed()).lowercased() }
                    .filter { !$0.isEmpty }
                guard !names.isEmpty else { return false }
                var chosen: [any WritableKeyPath<Object, Bool> & Sendable] = []
                for typed in names {
                    guard let flag = flags.first(where: { $0.0.value.lowercased() == typed }) else {
                        let accepted = flags.map(\.0.value).joined(separator: ", ")
                        throw DomainError(
                            .invalidInput,
                            localized(
                                "\(name) '\(typed)' is unknown; expected one of: \(accepted)",
                                ja: "\(name) '\(typed)' は不明な\(term)です。次のいずれかを指定してください: \(accepted)"))
                    }
                    chosen.append(flag.1)
                }
                for flag in flags { object[keyPath: flag.1] = false }
                for keyPath in chosen { object[keyPath: keyPath] = true }
                return true
            },
            checkIn: { _ in },
            copyInto: { source, object in
                for flag in flags { object[keyPath: flag.1] = source[keyPath: flag.1] }
            })
    }

    /// Whether a person gives this field (it has a prompt).
    public var isInput: Bool { prompt != nil }

    /// Whether several values may be given (a choice list: a repeatable option, a comma
    /// separated URL parameter, several choices in a form).
    public var allowsSeveral: Bool {
        if case .choices = input { return true }
        return false
    }

    /// The command-line option, without dashes: the name in kebab case (`patient-name`).
    public var option: String {
        name.reduce(into: "") { text, character in
            if character.isUppercase {
                text += "-" + character.lowercased()
            } else {
                text.append(character)
            }
        }
    }

    /// The value in `object` as people read it (a day in `calendar`).
    public func displayText(in object: Object, calendar: Calendar = Calendar(identifier: .gregorian)) -> String { display(object, calendar) }

    /// The value in `object` as a form shows it (a day in `calendar`).
    public func inputText(in object: Object, calendar: Calendar = Calendar(identifier: .gregorian)) -> String { shownInForm(object, calendar) }

    /// The value in `object` in a JSON shape (a day in `calendar`).
    public func jsonValue(in object: Object, calendar: Calendar = Calendar(identifier: .gregorian)) -> DeclaredJSONValue { json(object, calendar) }

    /// Reads `text` into `object` (a day in `calendar`); `false` when the text gives no value
    /// (left unchanged).
    ///
    /// - Throws: ``DomainError`` `invalidInput` (a `badDate` `CrossCuttingError` for a day)
    ///   naming ``name`` when the text cannot be read.
    public func parse(_ text: String, into object: inout Object, calendar: Calendar = Calendar(identifier: .gregorian)) throws -> Bool {
        try parseInto(text, calendar, &object)
    }

    /// Applies the field's rule to its value in `object` (the value as saved: trimmed…).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field.
    public func check(_ object: inout Object) throws { try checkIn(&object) }

    /// Checks `text` as a form does while it is typed: read (a day in `calendar`), then the rule.
    ///
    /// - Throws: the error reading or checking it.
    public func check(text: String, calendar: Calendar = Calendar(identifier: .gregorian)) throws {
        var object = Object()
        if try parse(text, into: &object, calendar: calendar) { try check(&object) }
    }

    /// Copies this field's value from `source` into `object`.
    public func copy(from source: Object, to object: inout Object) { copyInto(source, &object) }

    /// How a parameter gives a value of `Value`: a flag, a choice, a whole number in the range
    /// the rule accepts from 0 up (found once by trying values: a negative one is refused on
    /// the command line naming it, the rest stays the domain's to refuse), else text.
    private static func inferredInput<Value: DeclaredValue>(_: Value.Type, passes: (Int) -> Bool) -> DeclaredInput {
        if Value.isFlag { return .flag }
        if !Value.choices.isEmpty { return .choice(Value.choices.map(\.value)) }
        guard Value.self == Int.self else { return .text }
        guard passes(0) else { return .wholeNumber(0...Int.max) }
        var low = 0
        var high = 1
        while passes(high) {
            low = high
            guard high < 1 << 40 else { return .wholeNumber(0...Int.max) }
            high *= 2
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if passes(middle) { low = middle } else { high = middle }
        }
        return .wholeNumber(0...low)
    }
}

/// A value-object type whose fields are declared once, in ``declaredFields``: what a JSON
/// shape, a text output, a form or a route generic over the type reads.
public protocol DeclaredObject: ValueObject {
    /// Every field, in the order the outputs and the forms show them.
    static var declaredFields: [DeclaredField<Self>] { get }
}

extension DeclaredObject {
    /// The store's id, or empty for an object never saved (the `id` a JSON shape writes).
    public var declaredID: String { objectId ?? "" }

    /// The fields a person gives (the forms, the URL parameters, the command-line options).
    public static var inputFields: [DeclaredField<Self>] { declaredFields.filter { $0.isInput } }

    /// Each declared field's label and value in `object` as people read it (a day in
    /// `calendar`): one-line values with every control character escaped, multi-line ones (a
    /// memo) keeping their line breaks and tabs (a store written before names refused control
    /// characters may still hold some).
    public static func labelledLines(of object: Self, calendar: Calendar) -> [(String, String)] {
        declaredFields.map { field in
            let text = field.displayText(in: object, calendar: calendar)
            return (field.label.text, field.multiLine ? text : TerminalText.escaped(text))
        }
    }
}

extension CaseReport: DeclaredObject {}

extension FollowUp: DeclaredObject {}
