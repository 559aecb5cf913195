import StrataData
import StrataWire

extension Change {
    /// The change as the wire carries it (values decrypted: the journal opened them).
    var wireChange: WireChange {
        WireChange(
            operationId: operationID, typeName: typeName, objectId: objectID, operation: operation.rawValue,
            values: values.mapValues(\.wireValue), scope: scope.rawValue)
    }
}
