import StrataStore
/// What an update of a synced object changed, for its journal entry (`Change/fields`).
extension ObjectWriter {
    /// The keys of the fields whose values in `object` differ from the row stored under `id`
    /// (read before the row is rewritten, encrypted fields opened), in schema order; `nil` when
    /// the type keeps no local rows or none is stored (the change then sends the whole object).
    func changedFields<Object: ValueObject>(_ object: Object, id: String, schema: ValueObjectSchema<Object>) throws -> [String]? {
        guard schema.behaviour.keepsLocalRows, table.exists else { return nil }
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
}
