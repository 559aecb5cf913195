public import Foundation

/// One stored value, as SQLite holds it: null, a 64-bit integer, a double, text or bytes.
public enum FieldValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

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

/// The declared type of a value-object key; decides the SQLite column type and which
/// comparisons a query may use on it.
public enum FieldType: String, Sendable, Hashable, CaseIterable {
    case integer, real, text, blob, bool, date

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
    public static var isNullable: Bool { false }
}

extension Int64: FieldValueConvertible {
    public static var fieldType: FieldType { .integer }
    public var fieldValue: FieldValue { .integer(self) }
    public init?(fieldValue: FieldValue) {
        switch fieldValue {
        case .integer(let value): self = value
        case .real(let value) where value.rounded() == value && abs(value) < 9.2e18: self = Int64(value)
        default: return nil
        }
    }
}

extension Int: FieldValueConvertible {
    public static var fieldType: FieldType { .integer }
    public var fieldValue: FieldValue { .integer(Int64(self)) }
    public init?(fieldValue: FieldValue) {
        guard let value = Int64(fieldValue: fieldValue) else { return nil }
        self = Int(value)
    }
}

extension Int32: FieldValueConvertible {
    public static var fieldType: FieldType { .integer }
    public var fieldValue: FieldValue { .integer(Int64(self)) }
    public init?(fieldValue: FieldValue) {
        guard let value = Int64(fieldValue: fieldValue), let narrow = Int32(exactly: value) else { return nil }
        self = narrow
    }
}

extension Double: FieldValueConvertible {
    public static var fieldType: FieldType { .real }
    public var fieldValue: FieldValue { .real(self) }
    public init?(fieldValue: FieldValue) {
        switch fieldValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: FieldValueConvertible {
    public static var fieldType: FieldType { .real }
    public var fieldValue: FieldValue { .real(Double(self)) }
    public init?(fieldValue: FieldValue) {
        guard let value = Double(fieldValue: fieldValue) else { return nil }
        self = Float(value)
    }
}

extension Bool: FieldValueConvertible {
    public static var fieldType: FieldType { .bool }
    public var fieldValue: FieldValue { .integer(self ? 1 : 0) }
    public init?(fieldValue: FieldValue) {
        guard case .integer(let value) = fieldValue else { return nil }
        self = value != 0
    }
}

extension String: FieldValueConvertible {
    public static var fieldType: FieldType { .text }
    public var fieldValue: FieldValue { .text(self) }
    public init?(fieldValue: FieldValue) {
        guard case .text(let value) = fieldValue else { return nil }
        self = value
    }
}

extension Date: FieldValueConvertible {
    /// Dates are stored as seconds since 1970 (UTC), so they sort and compare as numbers.
    public static var fieldType: FieldType { .date }
    public var fieldValue: FieldValue { .real(timeIntervalSince1970) }
    public init?(fieldValue: FieldValue) {
        guard let seconds = Double(fieldValue: fieldValue) else { return nil }
        self = Date(timeIntervalSince1970: seconds)
    }
}

extension UUID: FieldValueConvertible {
    public static var fieldType: FieldType { .text }
    public var fieldValue: FieldValue { .text(uuidString) }
    public init?(fieldValue: FieldValue) {
        guard case .text(let value) = fieldValue, let uuid = UUID(uuidString: value) else { return nil }
        self = uuid
    }
}

extension Array: FieldValueConvertible where Element == UInt8 {
    public static var fieldType: FieldType { .blob }
    public var fieldValue: FieldValue { .blob(self) }
    public init?(fieldValue: FieldValue) {
        guard case .blob(let bytes) = fieldValue else { return nil }
        self = bytes
    }
}

extension Optional: FieldValueConvertible where Wrapped: FieldValueConvertible {
    public static var fieldType: FieldType { Wrapped.fieldType }
    public static var isNullable: Bool { true }
    public var fieldValue: FieldValue { self?.fieldValue ?? .null }
    public init?(fieldValue: FieldValue) {
        if case .null = fieldValue {
            self = .none
        } else if let value = Wrapped(fieldValue: fieldValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
