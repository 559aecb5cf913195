import StrataData
import StrataWire

extension Change {
    /// The change as the wire carries it (values decrypted: the journal opened them), with the
    /// fields an update changed (``Change/fields``).
    var wireChange: WireChange {
        WireChange(
            operationId: operationID, typeName: typeName, objectId: objectID, operation: operation.rawValue,
            values: values.mapValues(\.wireValue), scope: scope.rawValue,
            // The fields an update changed: the server keeps the others as it holds them. The
            // store keeps no server version per row, so no base version is sent yet.
            fields: operation == .update ? fields : nil, baseVersion: nil)
    }
}
