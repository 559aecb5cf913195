/// One stored value, as SQLite holds it: null, a 64-bit integer, a double, text or bytes.
public enum FieldValue: Sendable, Hashable, CustomStringConvertible {
    /// No value (SQL `NULL`): what a `nil` optional field stores.
    case null
    /// A signed 64-bit integer (also how `Bool` fields are stored: 0 or 1).
    case integer(Int64)
    /// A double (also how `Date` fields are stored: seconds since 1970).
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// The value as error messages show it: `null`, `42`, `1.5`, `'text'`, `<3 bytes>`.
    public var description: String {
        switch self {
        case .null: "null"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }
}
