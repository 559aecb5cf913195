import StrataCrossCutting
public import StrataStore

/// A patient's gender, stored as an integer as in the AppPot sample.
public enum Gender: Int, Sendable, Hashable, Codable, CaseIterable, FieldValueConvertible {
    /// Not given (stored as 0).
    case unspecified = 0
    /// Male (stored as 1).
    case male = 1
    /// Female (stored as 2).
    case female = 2
    /// Another gender (stored as 3).
    case other = 3

    /// The lowercase name used on the command line and in JSON (`female`): spelt out, not
    /// `String(describing:)`, whose reflection every `reports list` row and start paid (issue 29).
    public var name: String {
        switch self {
        case .unspecified: "unspecified"
        case .male: "male"
        case .female: "female"
        case .other: "other"
        }
    }

    /// Reads a name (`female`) or a number (`2`); `nil` for anything else.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let match = Gender.allCases.first(where: { $0.name == lowered }) {
            self = match
        } else if let number = Int(name), let match = Gender(rawValue: number) {
            self = match
        } else {
            return nil
        }
    }

    /// Genders are stored as integers.
    public static var fieldType: FieldType { .integer }

    /// The stored integer: the raw value.
    public var fieldValue: FieldValue { .integer(Int64(rawValue)) }

    /// Reads a stored integer; `nil` for a number that is no gender.
    public init?(fieldValue: FieldValue) {
        guard let number = Int(fieldValue: fieldValue), let gender = Gender(rawValue: number) else { return nil }
        self = gender
    }
}

extension Gender: DeclaredValue {
    /// A gender's name (`female`) or number (`2`); `nil` for an empty text.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming `name` and every gender's name.
    public static func parse(_ text: String, name: String) throws -> Gender? {
        guard !text.isEmpty else { return nil }
        guard let gender = Gender(name: text) else {
            let names = Gender.allCases.map(\.name).joined(separator: ", ")
            throw DomainError(
                .invalidInput,
                localized(
                    "\(name) '\(text)' is not a gender; expected one of: \(names)",
                    ja: "\(name) '\(text)' は性別ではありません。次のいずれかを指定してください: \(names)"))
        }
        return gender
    }

    /// The gender's name (`female`).
    public var displayText: String { self.name }

    /// The gender's name in the person's language (`女性`).
    public var label: FieldLabel {
        switch self {
        case .unspecified: FieldLabel("unspecified", ja: "未指定")
        case .male: FieldLabel("male", ja: "男性")
        case .female: FieldLabel("female", ja: "女性")
        case .other: FieldLabel("other", ja: "その他")
        }
    }

    /// The gender's name, as a JSON string.
    public var jsonValue: DeclaredJSONValue { .string(self.name) }

    /// The genders a form lists: female, male, other, unspecified.
    public static var choices: [DeclaredChoice] {
        [Gender.female, .male, .other, .unspecified].map { DeclaredChoice($0.name, label: $0.label) }
    }
}
