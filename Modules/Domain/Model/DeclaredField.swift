public import StrataData

/// One field of a value-object type, declared once: its stored key, its name in URLs, forms,
/// command lines and JSON, its labels in English and Japanese, its choices and its rule.
///
/// A type lists its fields in one table (``CaseReport/declaredFields``); the store's schema,
/// the JSON and text shapes, the forms, the URL and command-line parameters and their help
/// are all read from that table, so adding a field is one line there (plus its rule).
///
/// ```swift
/// .field("memo", \.memo, label: FieldLabel("memo", ja: "メモ"), prompt: FieldLabel("Memo", ja: "メモ"),
///        help: "Free text about the case.", multiLine: true, rule: CaseReport.checkedMemo)
/// ```
public struct DeclaredField<Object: ValueObject>: Sendable {
    /// The stored key (the column, and the name the domain's messages use: `isFollow`).
    public let key: String
    /// The name in URLs, forms and JSON (`follow`); the command-line option is its kebab case.
    public let name: String
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
    /// The stored field, for the schema.
    public let stored: ValueObjectSchema<Object>.Field
    let display: @Sendable (Object) -> String
    let input: @Sendable (Object) -> String
    let json: @Sendable (Object) -> DeclaredJSONValue
    let parseInto: @Sendable (String, inout Object) throws -> Bool
    let checkIn: @Sendable (inout Object) throws -> Void
    let copyInto: @Sendable (Object, inout Object) -> Void

    /// A field stored under `key` in `keyPath`.
    ///
    /// - Parameters:
    ///   - name: its name in URLs, forms and JSON (default: `key`).
    ///   - label: its label in text output.
    ///   - prompt: the question a form asks; `nil` for a field no person gives.
    ///   - help: the command-line help.
    ///   - valueName: the value's name in the command-line help.
    ///   - term: its Japanese name in messages (default: the label's Japanese).
    ///   - requiredToAdd: whether adding needs it.
    ///   - multiLine: whether its text keeps line breaks.
    ///   - rule: the domain's rule: the value as saved, or an error naming the field.
    public static func field<Value: DeclaredValue>(
        _ key: String, _ keyPath: any WritableKeyPath<Object, Value> & Sendable, name: String? = nil,
        label: FieldLabel, prompt: FieldLabel? = nil, help: String = "", valueName: String? = nil, term: String? = nil,
        requiredToAdd: Bool = false, multiLine: Bool = false, rule: (@Sendable (Value) throws -> Value)? = nil
    ) -> Self {
        let name = name ?? key
        return Self(
            key: key, name: name, label: label, prompt: prompt, help: help, valueName: valueName,
            term: term ?? label.japanese, requiredToAdd: requiredToAdd, multiLine: multiLine, choices: Value.choices,
            isFlag: Value.isFlag, isText: Value.isText, stored: .field(key, keyPath),
            display: { $0[keyPath: keyPath].displayText },
            input: { $0[keyPath: keyPath].inputText },
            json: { $0[keyPath: keyPath].jsonValue },
            parseInto: { text, object in
                guard let value = try Value.parse(text, name: name) else { return false }
                object[keyPath: keyPath] = value
                return true
            },
            checkIn: { object in
                guard let rule else { return }
                object[keyPath: keyPath] = try rule(object[keyPath: keyPath])
            },
            copyInto: { source, object in object[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// Whether a person gives this field (it has a prompt).
    public var isInput: Bool { prompt != nil }

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

    /// The value in `object` as people read it.
    public func displayText(in object: Object) -> String { display(object) }

    /// The value in `object` as a form shows it.
    public func inputText(in object: Object) -> String { input(object) }

    /// The value in `object` in a JSON shape.
    public func jsonValue(in object: Object) -> DeclaredJSONValue { json(object) }

    /// Reads `text` into `object`; `false` when the text gives no value (left unchanged).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming ``name`` when the text cannot be read.
    public func parse(_ text: String, into object: inout Object) throws -> Bool { try parseInto(text, &object) }

    /// Applies the field's rule to its value in `object` (the value as saved: trimmed…).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field.
    public func check(_ object: inout Object) throws { try checkIn(&object) }

    /// Checks `text` as a form does while it is typed: read, then the rule.
    ///
    /// - Throws: the error reading or checking it.
    public func check(text: String) throws {
        var object = Object()
        if try parse(text, into: &object) { try check(&object) }
    }

    /// Copies this field's value from `source` into `object`.
    public func copy(from source: Object, to object: inout Object) { copyInto(source, &object) }
}
