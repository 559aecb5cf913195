#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

// The conformances Strata provides for standard types. Reading is lenient only where no
// information is lost: an integer column may hold a whole real, a real column an integer.

extension Int64: FieldValueConvertible {
    /// Stored as an integer.
    public static var fieldType: FieldType { .integer }
    /// This number as stored.
    public var fieldValue: FieldValue { .integer(self) }
    /// Reads an integer, or a real with no fraction within `Int64`'s range.
    public init?(fieldValue: FieldValue) {
        switch fieldValue {
        case .integer(let value): self = value
        case .real(let value) where value.rounded() == value && abs(value) < 9.2e18: self = Int64(value)
        default: return nil
        }
    }
}

extension Int: FieldValueConvertible {
    /// Stored as an integer.
    public static var fieldType: FieldType { .integer }
    /// This number as stored.
    public var fieldValue: FieldValue { .integer(Int64(self)) }
    /// Reads what `Int64` reads.
    public init?(fieldValue: FieldValue) {
        guard let value = Int64(fieldValue: fieldValue) else { return nil }
        self = Int(value)
    }
}

extension Int32: FieldValueConvertible {
    /// Stored as an integer.
    public static var fieldType: FieldType { .integer }
    /// This number as stored.
    public var fieldValue: FieldValue { .integer(Int64(self)) }
    /// Reads what `Int64` reads, when it fits in 32 bits.
    public init?(fieldValue: FieldValue) {
        guard let value = Int64(fieldValue: fieldValue), let narrow = Int32(exactly: value) else { return nil }
        self = narrow
    }
}

extension Double: FieldValueConvertible {
    /// Stored as a real.
    public static var fieldType: FieldType { .real }
    /// This number as stored.
    public var fieldValue: FieldValue { .real(self) }
    /// Reads a real or an integer.
    public init?(fieldValue: FieldValue) {
        switch fieldValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Float: FieldValueConvertible {
    /// Stored as a real.
    public static var fieldType: FieldType { .real }
    /// This number as stored, widened to a double.
    public var fieldValue: FieldValue { .real(Double(self)) }
    /// Reads what `Double` reads, narrowed to a float.
    public init?(fieldValue: FieldValue) {
        guard let value = Double(fieldValue: fieldValue) else { return nil }
        self = Float(value)
    }
}

extension Bool: FieldValueConvertible {
    /// Stored as an integer, 0 or 1.
    public static var fieldType: FieldType { .bool }
    /// 1 for `true`, 0 for `false`.
    public var fieldValue: FieldValue { .integer(self ? 1 : 0) }
    /// Reads an integer: 0 is `false`, anything else `true`.
    public init?(fieldValue: FieldValue) {
        guard case .integer(let value) = fieldValue else { return nil }
        self = value != 0
    }
}

extension String: FieldValueConvertible {
    /// Stored as text.
    public static var fieldType: FieldType { .text }
    /// This string as stored.
    public var fieldValue: FieldValue { .text(self) }
    /// Reads text.
    public init?(fieldValue: FieldValue) {
        guard case .text(let value) = fieldValue else { return nil }
        self = value
    }
}

extension Date: FieldValueConvertible {
    /// Dates are stored as seconds since 1970 (UTC), so they sort and compare as numbers.
    public static var fieldType: FieldType { .date }
    /// Seconds since 1970 as a real.
    public var fieldValue: FieldValue { .real(timeIntervalSince1970) }
    /// Reads seconds since 1970 (a real or an integer).
    public init?(fieldValue: FieldValue) {
        guard let seconds = Double(fieldValue: fieldValue) else { return nil }
        self = Date(timeIntervalSince1970: seconds)
    }
}

extension UUID: FieldValueConvertible {
    /// Stored as text.
    public static var fieldType: FieldType { .text }
    /// The UUID's standard text form.
    public var fieldValue: FieldValue { .text(uuidString) }
    /// Reads text in the standard UUID form.
    public init?(fieldValue: FieldValue) {
        guard case .text(let value) = fieldValue, let uuid = UUID(uuidString: value) else { return nil }
        self = uuid
    }
}

extension Array: FieldValueConvertible where Element == UInt8 {
    /// Stored as a blob.
    public static var fieldType: FieldType { .blob }
    /// These bytes as stored.
    public var fieldValue: FieldValue { .blob(self) }
    /// Reads a blob.
    public init?(fieldValue: FieldValue) {
        guard case .blob(let bytes) = fieldValue else { return nil }
        self = bytes
    }
}

extension Optional: FieldValueConvertible where Wrapped: FieldValueConvertible {
    /// Stored as the wrapped type is.
    public static var fieldType: FieldType { Wrapped.fieldType }
    /// Optional fields may hold null.
    public static var isNullable: Bool { true }
    /// Null for `nil`, else the wrapped value as stored.
    public var fieldValue: FieldValue { self?.fieldValue ?? .null }
    /// Reads null as `nil`, else what the wrapped type reads.
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
