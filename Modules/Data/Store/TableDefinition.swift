import StrataStore
/// What the SQLite store knows of one registered value-object type: its columns as they are
/// in the file, and the SQL it runs for them, built once at registration.
///
/// Every name in the SQL comes from a validated schema (ASCII identifiers, quoted), never
/// from caller text; values are always bound as parameters.
///
/// Besides the schema's fields each local table has Strata's own columns: `_storedAt` (when
/// the row was stored, for lifespans), `_scope`, `_ownerUser`, `_ownerGroup` (for the
/// server), and `_h_<key>` (a keyed hash) for each encrypted key.
struct TableDefinition {
    /// The Swift type that registered this table (two types may not share a name).
    let owner: ObjectIdentifier
    let typeName: String
    let behaviour: ValueObjectBehaviour
    /// How the type settles a refused change itself (`ValueObjectSchema/resolver`).
    let resolver: ConflictResolver?
    /// Whether the table exists (a read-only store may see a type whose table is not there
    /// yet; a server-only type never has one).
    let exists: Bool
    /// For each schema field, in order: its column position in `selectColumns` results, or
    /// `nil` when the column is missing (read-only stores only; the field keeps its default).
    let readPositions: [Int32?]
    /// Whether each schema field is encrypted.
    let encrypted: [Bool]
    /// Whether any field is encrypted.
    var hasEncryptedKeys: Bool { !behaviour.encryptedKeys.isEmpty }
    /// Each schema field's key, type and nullability, in order (the sync engine writes pulled
    /// rows with them).
    let fields: [(key: String, type: FieldType, isNullable: Bool)]
    /// Whether the table has the `_storedAt` column (tables of format 1 seen read-only do not).
    let hasStoredAt: Bool
    /// Whether the table has the owner columns (tables of format 1 seen read-only do not: their
    /// rows have no owner).
    let hasOwnerColumns: Bool
    /// The schema's parents (`ValueObjectDependency`), each with whether its key is
    /// encrypted (then its rows are found through the key's keyed hash).
    let dependencies: [(key: String, parentType: String, encrypted: Bool)]
    /// The parent whose visibility the schema's objects share (`ValueObjectDependency/sharesVisibility`:
    /// a follow-up's report), or `nil`: its changes name it (`Change/parentType`).
    let sharedParent: (key: String, parentType: String)?
    let insertSQL: String
    let updateSQL: String
    let selectColumns: String
    /// `SELECT <selectColumns> … WHERE "objectId" = ?1`, and the same with `AND "_storedAt" >= ?2`
    /// for a type with a lifespan: a fetch by id's SQL, built once.
    let fetchSQL: String, freshFetchSQL: String
    let deleteSQL: String
    let deleteAllSQL: String

    init<Object: ValueObject>(
        for schema: ValueObjectSchema<Object>, owner: ObjectIdentifier, existingColumns: Set<String>?
    ) {
        self.owner = owner
        typeName = schema.typeName
        behaviour = schema.behaviour
        resolver = schema.resolver
        exists = existingColumns != nil
        let table = Self.quote(schema.typeName)
        // Closures, not key paths (`map(\.key)`): in code generic over `Object` a key-path literal
        // is built at run time on every call (`swift_getKeyPath`, its generic arguments resolved),
        // which was a tenth of a one-shot command's registering.
        let keys = schema.fields.map { $0.key }
        encrypted = keys.map(schema.isEncrypted)
        fields = schema.fields.map { (key: $0.key, type: $0.type, isNullable: $0.isNullable) }
        hasStoredAt = existingColumns?.contains("_storedAt") ?? true
        hasOwnerColumns = existingColumns?.contains("_ownerUser") ?? true
        dependencies = schema.dependencies.filter { existingColumns?.contains($0.key) ?? true }
            .map { (key: $0.key, parentType: $0.parentType, encrypted: schema.isEncrypted($0.key)) }
        sharedParent = schema.dependencies.first { $0.sharesVisibility }.map { (key: $0.key, parentType: $0.parentType) }
        let present = keys.filter { existingColumns?.contains($0) ?? true }
        var position: Int32 = 1
        readPositions = keys.map { key in
            guard existingColumns?.contains(key) ?? true else { return nil }
            defer { position += 1 }
            return position
        }
        let hashKeys = schema.behaviour.encryptedKeys.map(Self.hashColumn)
        let written = keys + ["_storedAt", "_scope", "_ownerUser", "_ownerGroup"] + hashKeys
        let columns = (["objectId"] + written).map(Self.quote).joined(separator: ", ")
        let parameters = (1...(written.count + 1)).map { "?\($0)" }.joined(separator: ", ")
        insertSQL = "INSERT INTO \(table) (\(columns)) VALUES (\(parameters))"
        // Updates rewrite the fields, `_storedAt` and the hashes; scope and owner stay as first recorded.
        let updated = keys.enumerated().map { "\(Self.quote($1)) = ?\($0 + 2)" }
            + ["\"_storedAt\" = ?\(keys.count + 2)"]
            + hashKeys.enumerated().map { "\(Self.quote($1)) = ?\(keys.count + 6 + $0)" }
        updateSQL = "UPDATE \(table) SET \(updated.joined(separator: ", ")) WHERE \"objectId\" = ?1"
        selectColumns = (["objectId"] + present).map(Self.quote).joined(separator: ", ")
        fetchSQL = "SELECT \(selectColumns) FROM \(table) WHERE \"objectId\" = ?1"
        freshFetchSQL = fetchSQL + " AND \"_storedAt\" >= ?2"
        deleteSQL = "DELETE FROM \(table) WHERE \"objectId\" = ?1"
        deleteAllSQL = "DELETE FROM \(table)"
    }

    /// The keyed-hash column of an encrypted key.
    static func hashColumn(_ key: String) -> String { "_h_\(key)" }

    /// Quotes an identifier that registration has already checked is `[A-Za-z_][A-Za-z0-9_]*`.
    static func quote(_ identifier: String) -> String { "\"\(identifier)\"" }

    /// The oldest `_storedAt` still readable at `now`, or `nil` when the type has no lifespan.
    func freshnessCutoff(now: Double) -> Double? {
        guard hasStoredAt, let lifespan = behaviour.lifespan else { return nil }
        return now - lifespan
    }

    /// Reads the current row of `statement` (columns as in `selectColumns`) into an object.
    ///
    /// The loop walks indices rather than `zip(…).enumerated()`: this code is generic over
    /// `Object` and not specialized for it, so each step of those sequences' iterators would go
    /// through witness tables and metadata looked up at run time, for every field of every row.
    func read<Object: ValueObject>(
        _ statement: SQLiteStatement, schema: ValueObjectSchema<Object>, cipher: FieldCipher?
    ) throws -> Object {
        var object = Object()
        let id = statement.text(at: 0)
        object.objectId = id
        let fields = schema.fields
        for index in 0..<fields.count {
            guard let position = readPositions[index] else { continue }
            let field = fields[index]
            var stored = statement.value(at: position)
            if encrypted[index] {
                if case .null = stored, !field.isNullable { continue }
                guard let cipher else {
                    throw DataError(.cannotOpen, "cannot decrypt \(typeName) '\(id)'.\(field.key): the store's key is missing")
                }
                stored = try cipher.open(stored, as: field.type, what: "\(typeName) '\(id)'.\(field.key)")
            }
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
