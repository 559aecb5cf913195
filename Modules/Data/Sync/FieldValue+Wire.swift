import Foundation
import StrataWire

extension FieldValue {
    /// The value as the wire carries it.
    var wireValue: WireValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(Data(bytes))
        }
    }

    /// A value from the wire.
    init(wire: WireValue) {
        switch wire {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }
}

extension Change {
    /// The change as the wire carries it (values decrypted: the journal opened them).
    var wireChange: WireChange {
        WireChange(
            operationId: operationID, typeName: typeName, objectId: objectID, operation: operation.rawValue,
            values: values.mapValues(\.wireValue), scope: scope.rawValue)
    }
}
