import NIOCore
import PostgresNIO

/// One column of a batch of rows, bound as one PostgreSQL array parameter (`text[]`, `int8[]`,
/// `int4[]`, `bool[]`) in the binary format, with SQL `NULL` for a `nil` element: a batch's
/// rows go to `unnest($1, $2, …)` without being written as JSON and parsed again
/// (``PostgresPendingWrites``). postgres-nio's own arrays have no `NULL` elements.
struct PostgresColumn: PostgresNonThrowingEncodable, Sendable {
    private enum Values: Sendable {
        case text([String?])
        case int64([Int64])
        case int32([Int32])
        case bool([Bool])
    }

    private let values: Values

    static func text(_ values: [String?]) -> PostgresColumn { PostgresColumn(values: .text(values)) }
    static func int64(_ values: [Int64]) -> PostgresColumn { PostgresColumn(values: .int64(values)) }
    static func int32(_ values: [Int32]) -> PostgresColumn { PostgresColumn(values: .int32(values)) }
    static func bool(_ values: [Bool]) -> PostgresColumn { PostgresColumn(values: .bool(values)) }

    // The static type is a placeholder: a bind takes the value's own (``psqlType``), as
    // `PostgresBindings` asks a `PostgresDynamicTypeEncodable`.
    static var psqlType: PostgresDataType { .textArray }
    static var psqlFormat: PostgresFormat { .binary }

    var psqlType: PostgresDataType {
        switch values {
        case .text: .textArray
        case .int64: .int8Array
        case .int32: .int4Array
        case .bool: .boolArray
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    /// PostgreSQL's binary array: dimensions, whether a `NULL` is in it, the element type, then
    /// (when not empty) the length and lower bound of its one dimension and each element as its
    /// length (-1: `NULL`) and bytes.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        let (count, element, hasNull): (Int, PostgresDataType, Bool) =
            switch values {
            case .text(let texts): (texts.count, .text, texts.contains(nil))
            case .int64(let numbers): (numbers.count, .int8, false)
            case .int32(let numbers): (numbers.count, .int4, false)
            case .bool(let flags): (flags.count, .bool, false)
            }
        buffer.writeInteger(count == 0 ? 0 : 1, as: Int32.self)
        buffer.writeInteger(hasNull ? 1 : 0, as: Int32.self)
        buffer.writeInteger(element.rawValue)
        guard count > 0 else { return }
        buffer.writeInteger(Int32(count))
        buffer.writeInteger(1, as: Int32.self)
        switch values {
        case .text(let texts):
            for text in texts {
                guard let text else {
                    buffer.writeInteger(-1, as: Int32.self)
                    continue
                }
                let start = buffer.writerIndex
                buffer.writeInteger(0, as: Int32.self)
                let written = buffer.writeString(text)
                buffer.setInteger(Int32(written), at: start)
            }
        case .int64(let numbers):
            for number in numbers {
                buffer.writeInteger(8, as: Int32.self)
                buffer.writeInteger(number)
            }
        case .int32(let numbers):
            for number in numbers {
                buffer.writeInteger(4, as: Int32.self)
                buffer.writeInteger(number)
            }
        case .bool(let flags):
            for flag in flags {
                buffer.writeInteger(1, as: Int32.self)
                buffer.writeInteger(flag ? 1 : 0, as: UInt8.self)
            }
        }
    }
}
