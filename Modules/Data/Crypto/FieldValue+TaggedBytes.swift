import StrataStore
/// The one-byte tag that starts the plaintext of every sealed or hashed field value, so a
/// value can never be opened (or matched by its keyed hash) as a value of another kind.
enum FieldValueTag: UInt8, Sendable {
    /// An `Int64`, 8 bytes little-endian (also `Bool` fields).
    case integer = 1
    /// A `Double`, the 8 bytes of its bit pattern little-endian (also `Date` fields).
    case real = 2
    /// UTF-8 text.
    case text = 3
    /// Raw bytes.
    case blob = 4

    /// The tag a stored value of `type` carries.
    init(_ type: FieldType) {
        switch type {
        case .integer, .bool: self = .integer
        case .real, .date: self = .real
        case .text: self = .text
        case .blob: self = .blob
        }
    }

    /// The kind of value this tag marks, as error messages name it.
    var kind: String {
        switch self {
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .blob: "bytes"
        }
    }
}

extension FieldValue {
    /// The kind of this value, as error messages name it (never the value itself: it may be secret).
    var kindName: String {
        switch self {
        case .null: "null"
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .blob: "bytes"
        }
    }

    /// The value as a type tag followed by its bytes; `nil` for `.null` (which is never sealed).
    var taggedBytes: [UInt8]? {
        switch self {
        case .null:
            return nil
        case .integer(let value):
            return [FieldValueTag.integer.rawValue] + Self.littleEndianBytes(UInt64(bitPattern: value))
        case .real(let value):
            return [FieldValueTag.real.rawValue] + Self.littleEndianBytes(value.bitPattern)
        case .text(let value):
            return [FieldValueTag.text.rawValue] + Array(value.utf8)
        case .blob(let bytes):
            return [FieldValueTag.blob.rawValue] + bytes
        }
    }

    /// Reads what ``taggedBytes`` wrote back into a value, checking that its tag is the one
    /// `type` is stored with.
    ///
    /// - Throws: `DataError` `typeMismatch` when the tag belongs to another type,
    ///   `cannotOpen` when the bytes are not a well-formed tagged value; both name `what`, which
    ///   is built only then (a row's every encrypted field passes here on every read).
    static func fromTaggedBytes<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, as type: FieldType, what: @autoclosure () -> String
    ) throws -> FieldValue {
        guard let first = bytes.first else {
            throw DataError(.cannotOpen, "\(what()): the decrypted value is empty; expected a type tag and the value's bytes")
        }
        guard let tag = FieldValueTag(rawValue: first) else {
            throw DataError(.cannotOpen, "\(what()): the decrypted value has the unknown type tag \(first); expected 1…4")
        }
        let expected = FieldValueTag(type)
        guard tag == expected else {
            throw DataError(
                .typeMismatch,
                "\(what()): the encrypted value is \(tag.kind), but the key is declared \(type.rawValue) (expected \(expected.kind))")
        }
        let payload = bytes.dropFirst()
        switch tag {
        case .integer:
            let raw = try fixedWidth(payload, what: what(), kind: tag.kind)
            return .integer(Int64(bitPattern: raw))
        case .real:
            let raw = try fixedWidth(payload, what: what(), kind: tag.kind)
            return .real(Double(bitPattern: raw))
        case .text:
            guard let text = String(validating: payload, as: UTF8.self) else {
                throw DataError(.cannotOpen, "\(what()): the decrypted text is not valid UTF-8")
            }
            return .text(text)
        case .blob:
            return .blob(Array(payload))
        }
    }

    private static func fixedWidth<Bytes: Collection<UInt8>>(_ payload: Bytes, what: @autoclosure () -> String, kind: String) throws -> UInt64 {
        guard payload.count == 8 else {
            throw DataError(.cannotOpen, "\(what()): the decrypted value holds \(payload.count) bytes; expected 8 for \(kind)")
        }
        var value: UInt64 = 0
        for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), payload) {
            value |= UInt64(byte) << UInt64(shift)
        }
        return value
    }

    private static func littleEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}
