/// A Swift type that can be a value-object field: it names its ``FieldType`` and converts
/// to and from ``FieldValue``.
///
/// Strata provides conformances for `Int`, `Int64`, `Int32`, `Double`, `Float`, `Bool`,
/// `String`, `Date`, `UUID`, `[UInt8]` and `Optional` of any of them.
public protocol FieldValueConvertible: Sendable {
    /// The declared type of fields of this Swift type.
    static var fieldType: FieldType { get }
    /// Whether a field of this Swift type may be null (only `Optional` says yes).
    static var isNullable: Bool { get }
    /// This value as stored.
    var fieldValue: FieldValue { get }
    /// Reads a stored value; `nil` when the stored value cannot be this type.
    init?(fieldValue: FieldValue)
}

extension FieldValueConvertible {
    /// Fields are not nullable unless the type says so (only `Optional` does).
    public static var isNullable: Bool { false }
}
