public import StrataData

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

    /// The lowercase name used on the command line and in JSON (`female`).
    public var name: String { String(describing: self) }

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
