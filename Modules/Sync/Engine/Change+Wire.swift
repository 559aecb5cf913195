import StrataJournal
import StrataStore
import StrataWire

extension Change {
    /// The change as the wire carries it (values decrypted: the journal opened them), with the
    /// fields an update changed (``Change/fields``) and its base version (an insert's too, when
    /// it has one), the type's conflict
    /// policy, for an insert or update the owner group the
    /// store filed the object under (``Change/ownerGroup``) and the parent it belongs to
    /// (``Change/parentType``).
    var wireChange: WireChange {
        WireChange(
            operationId: operationID, typeName: typeName, objectId: objectID, operation: operation.rawValue,
            values: values.mapValues(\.wireValue), scope: scope.rawValue,
            // The fields an update changed: the server keeps the others as it holds them. The
            // base version (the copy the edit was made on) lets the server tell a concurrent write;
            // an insert has one only when the object may be on the server already (0: made on no
            // server copy), so the server checks it as the whole update it would be.
            fields: operation == .update ? fields : nil, baseVersion: operation == .delete ? nil : baseVersion,
            // A follow-up takes its report's group (not always the user's primary one): the
            // server files the new object under it, so only that group's members see it. An
            // update sends it too: one the server lacks (after a restore) creates the object.
            ownerGroup: operation == .insert || operation == .update ? ownerGroup : nil,
            // The type's declared conflict policy; the server may only make it stricter.
            policy: policy?.rawValue,
            // A follow-up's report: deleting it deletes the follow-up on the server.
            parentType: operation == .insert || operation == .update ? parentType : nil,
            parentId: operation == .insert || operation == .update ? parentID : nil)
    }
}
