import StrataStore
/// What an update of a synced object changed, for its journal entry (`Change/fields`).
extension ObjectWriter {
    /// The keys of the fields whose values in `object` differ from the row stored under `id`
    /// (read before the row is rewritten, encrypted fields opened), in schema order; `nil` when
    /// the type keeps no local rows or none is stored (the change then sends the whole object).
    ///
    /// It runs before the row is rewritten, so it also seals the values of the object's insert
    /// kept by reference that was handed to the server already (``JournalStoredRow``): a change
    /// once sent is never rewritten, and this edit queues behind it.
    func changedFields<Object: ValueObject>(_ object: Object, id: String, schema: ValueObjectSchema<Object>) throws -> [String]? {
        guard schema.behaviour.keepsLocalRows, table.exists else { return nil }
        try JournalStoredRow.keepValues(typeName: table.typeName, objectIDs: [id], state: state, cipher: context.cipher)
        var values: [String: FieldValue] = [:]
        for field in schema.fields { values[field.key] = field.value(in: object) }
        let columns = (["objectId"] + table.fields.map(\.key)).map(TableDefinition.quote)
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(TableDefinition.quote(table.typeName)) WHERE \"objectId\" = ?1"
        return try state.connection.withStatement(sql) { statement -> [String]? in
            statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            var changed: [String] = []
            for (index, field) in table.fields.enumerated() {
                var stored = statement.value(at: Int32(index + 1))
                if table.encrypted[index] {
                    stored = try context.cipher.open(stored, as: field.type, what: "\(table.typeName) '\(id)'.\(field.key)")
                }
                let new = values[field.key] ?? .null
                if field.type.normalized(new) != field.type.normalized(stored) { changed.append(field.key) }
            }
            return changed
        }
    }

    /// The row's `UPDATE` setting only the fields `changed` names (the keyed hashes of those
    /// that are encrypted) and `_storedAt`, with ``TableDefinition/updateSQL``'s parameter
    /// numbers (so the same binding fills either). SQLite rewrites the entry of every index on
    /// a column an `UPDATE` sets, even to the value it had: an edit of one unindexed field
    /// then writes the row's page alone, not one page per index as well.
    func updateSQL(changing changed: [String]) -> String {
        let changed = Set(changed)
        let keys = table.fields.map(\.key)
        var assignments = keys.enumerated().filter { changed.contains($0.element) }.map {
            "\(TableDefinition.quote($0.element)) = ?\($0.offset + 2)"
        }
        assignments.append("\"_storedAt\" = ?\(keys.count + 2)")
        for (offset, key) in table.behaviour.encryptedKeys.enumerated() where changed.contains(key) {
            assignments.append("\(TableDefinition.quote(TableDefinition.hashColumn(key))) = ?\(keys.count + 6 + offset)")
        }
        return "UPDATE \(TableDefinition.quote(table.typeName)) SET \(assignments.joined(separator: ", ")) WHERE \"objectId\" = ?1"
    }
}
