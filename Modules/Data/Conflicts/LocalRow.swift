import StrataStore
/// One local row of a registered type read and partly rewritten by type name (settling a
/// conflict knows the type only by its name), inside the caller's transaction: encrypted keys
/// are opened when read and sealed, with their keyed hashes, when written.
struct LocalRow {
    let table: TableDefinition
    let connection: SQLiteConnection
    let cipher: FieldCipher

    /// A row's values (every field), scope and owner group.
    struct Stored {
        var values: [String: FieldValue]
        var scope: DataScope
        var ownerGroup: String?
    }

    /// The row of `objectID`, or `nil` when none is stored.
    func read(_ objectID: String) throws -> Stored? {
        let typeName = table.typeName
        let columns = (table.fields.map(\.key) + ["_scope", "_ownerGroup"]).map(TableDefinition.quote)
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(TableDefinition.quote(typeName)) WHERE \"objectId\" = ?1"
        return try connection.withStatement(sql) { statement -> Stored? in
            statement.bind(objectID, at: 1)
            guard try statement.step() else { return nil }
            var values: [String: FieldValue] = [:]
            for (index, field) in table.fields.enumerated() {
                let stored = statement.value(at: Int32(index))
                values[field.key] =
                    table.encrypted[index]
                    ? try cipher.open(stored, as: field.type, what: "\(typeName) '\(objectID)'.\(field.key)") : stored
            }
            let scopeColumn = Int32(table.fields.count)
            var scope = DataScope.user
            if case .integer(let raw) = statement.value(at: scopeColumn) { scope = DataScope(rawValue: Int(raw)) ?? .user }
            return Stored(values: values, scope: scope, ownerGroup: String(fieldValue: statement.value(at: scopeColumn + 1)))
        }
    }

    /// Sets the fields of `values` (keys that are not the type's fields are ignored) on the
    /// row of `objectID`, with `_storedAt` = `now`; returns the values as stored (normalized).
    @discardableResult
    func write(_ values: [String: FieldValue], to objectID: String, now: Double) throws -> [String: FieldValue] {
        var assignments: [String] = []
        var bindings: [FieldValue] = [.text(objectID)]
        var written: [String: FieldValue] = [:]
        for (index, field) in table.fields.enumerated() {
            guard let given = values[field.key] else { continue }
            let value = field.type.normalized(given)
            written[field.key] = value
            bindings.append(table.encrypted[index] ? try cipher.seal(value) : value)
            assignments.append("\(TableDefinition.quote(field.key)) = ?\(bindings.count)")
            if table.encrypted[index] {
                bindings.append(cipher.keyedHash(value))
                assignments.append("\(TableDefinition.quote(TableDefinition.hashColumn(field.key))) = ?\(bindings.count)")
            }
        }
        bindings.append(.real(now))
        assignments.append("\"_storedAt\" = ?\(bindings.count)")
        let sql = "UPDATE \(TableDefinition.quote(table.typeName)) SET \(assignments.joined(separator: ", ")) WHERE \"objectId\" = ?1"
        try connection.withStatement(sql) { statement in
            statement.bind(bindings)
            try statement.step()
        }
        return written
    }
}
