/// What the SQLite store knows of one registered value-object type: its columns as they are
/// in the file, and the SQL it runs for them, built once at registration.
///
/// Every name in the SQL comes from a validated schema (ASCII identifiers, quoted), never
/// from caller text; values are always bound as parameters.
struct TableDefinition {
    /// The Swift type that registered this table (two types may not share a name).
    let owner: ObjectIdentifier
    let typeName: String
    /// Whether the table exists (a read-only store may see a type whose table is not there yet).
    let exists: Bool
    /// For each schema field, in order: its column position in `selectSQL` results, or `nil`
    /// when the column is missing (read-only stores only; the field keeps its default).
    let readPositions: [Int32?]
    let insertSQL: String
    let updateSQL: String
    let selectColumns: String
    let fetchSQL: String
    let deleteSQL: String
    let deleteAllSQL: String

    init<Object: ValueObject>(for schema: ValueObjectSchema<Object>, owner: ObjectIdentifier, existingColumns: Set<String>?) {
        self.owner = owner
        typeName = schema.typeName
        exists = existingColumns != nil
        let table = Self.quote(schema.typeName)
        let keys = schema.fields.map(\.key)
        let present = keys.filter { existingColumns?.contains($0) ?? true }
        var position: Int32 = 1
        readPositions = keys.map { key in
            guard existingColumns?.contains(key) ?? true else { return nil }
            defer { position += 1 }
            return position
        }
        let columns = (["objectId"] + keys).map(Self.quote).joined(separator: ", ")
        let parameters = (1...(keys.count + 1)).map { "?\($0)" }.joined(separator: ", ")
        insertSQL = "INSERT INTO \(table) (\(columns)) VALUES (\(parameters))"
        let assignments = keys.enumerated().map { "\(Self.quote($1)) = ?\($0 + 2)" }.joined(separator: ", ")
        updateSQL = "UPDATE \(table) SET \(assignments) WHERE \"objectId\" = ?1"
        selectColumns = (["objectId"] + present).map(Self.quote).joined(separator: ", ")
        fetchSQL = "SELECT \(selectColumns) FROM \(table) WHERE \"objectId\" = ?1"
        deleteSQL = "DELETE FROM \(table) WHERE \"objectId\" = ?1"
        deleteAllSQL = "DELETE FROM \(table)"
    }

    /// Quotes an identifier that registration has already checked is `[A-Za-z_][A-Za-z0-9_]*`.
    static func quote(_ identifier: String) -> String { "\"\(identifier)\"" }

    /// Reads the current row of `statement` (columns as in `selectColumns`) into an object.
    func read<Object: ValueObject>(_ statement: SQLiteStatement, schema: ValueObjectSchema<Object>) throws -> Object {
        var object = Object()
        let id = statement.text(at: 0)
        object.objectId = id
        for (field, position) in zip(schema.fields, readPositions) {
            guard let position else { continue }
            let stored = statement.value(at: position)
            guard field.assign(stored, to: &object) else {
                throw DataError(
                    .typeMismatch,
                    "\(typeName) '\(id)': stored \(field.key) is \(stored), which is not a \(field.type.rawValue)"
                        + (field.isNullable ? "" : " (and the key is not optional)"))
            }
        }
        return object
    }
}
