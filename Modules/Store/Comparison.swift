/// How a query compares a key with a value.
///
/// Numbers compare numerically and text by its UTF-8 bytes, as SQLite's BINARY collation does.
public enum Comparison: String, Sendable, Hashable, CaseIterable {
    /// The stored value equals the value (`nil` tests for null).
    case equal
    /// The stored value differs from the value (`nil` tests for not null).
    case notEqual
    /// The stored value is greater than the value.
    case greater
    /// The stored value is greater than or equal to the value.
    case greaterOrEqual
    /// The stored value is less than the value.
    case less
    /// The stored value is less than or equal to the value.
    case lessOrEqual
    /// SQL `LIKE`: `%` matches any run of characters, `_` one character; ASCII case-insensitive.
    case like
}
