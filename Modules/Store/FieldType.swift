/// The declared type of a value-object key; decides the SQLite column type and which
/// comparisons a query may use on it.
public enum FieldType: String, Sendable, Hashable, CaseIterable {
    /// A whole number, stored as `INTEGER`.
    case integer
    /// A floating-point number, stored as `REAL`.
    case real
    /// Text, stored as `TEXT`; the only type `like` works on.
    case text
    /// Raw bytes, stored as `BLOB`.
    case blob
    /// A truth value, stored as `INTEGER` 0 or 1.
    case bool
    /// An instant, stored as `REAL` seconds since 1970 (UTC), so it sorts as a number.
    case date

    /// The SQLite column type this field is stored as.
    public var columnType: String {
        switch self {
        case .integer, .bool: "INTEGER"
        case .real, .date: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
