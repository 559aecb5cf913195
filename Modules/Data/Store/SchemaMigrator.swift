#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataStore

/// Creates and migrates one value-object table so it matches its schema.
///
/// Adding fields is a migration (new columns get the default from `init()`); removing a field
/// leaves its column in place (old data is never dropped); changing a key's type is refused
/// with a message naming the key and both types.
struct SchemaMigrator<Object: ValueObject> {
    let schema: ValueObjectSchema<Object>
    let connection: SQLiteConnection
    let logger: Logger

    /// The table's columns and their declared types, or `nil` when the table does not exist.
    func existingColumns() throws -> [String: String]? {
        try connection.withStatement("SELECT name, type FROM pragma_table_info(?1)") { statement in
            statement.bind(schema.typeName, at: 1)
            var columns: [String: String] = [:]
            while try statement.step() {
                columns[statement.text(at: 0)] = statement.text(at: 1).uppercased()
            }
            return columns.isEmpty ? nil : columns
        }
    }

    /// The names of the table's indexes.
    func existingIndexes() throws -> Set<String> {
        try connection.withStatement("SELECT name FROM pragma_index_list(?1)") { statement in
            statement.bind(schema.typeName, at: 1)
            var names: Set<String> = []
            while try statement.step() { names.insert(statement.text(at: 0)) }
            return names
        }
    }

    /// Refuses columns whose stored type differs from the schema's (encrypted keys hold
    /// sealed blobs whatever their declared type, so they are not compared).
    func checkTypes(_ columns: [String: String]) throws {
        for field in schema.fields where !schema.isEncrypted(field.key) {
            guard let stored = columns[field.key], stored != field.type.columnType else { continue }
            throw DataError(
                .incompatibleStore,
                "\(schema.typeName).\(field.key) is stored as \(stored) in \(connection.path) but the schema declares "
                    + "\(field.type.columnType) (\(field.type.rawValue)); a type change needs a new key")
        }
    }

    /// Whether the table has its count triggers (``StoreCounts``).
    func hasCountTriggers() throws -> Bool {
        try StoreCounts.hasTriggers(typeName: schema.typeName, in: connection)
    }

    /// The statements that would bring the table up to date (empty when it already is): its
    /// columns, its indexes, and its count triggers with its count (`counted`: whether it
    /// has them already; a new table always gets them).
    func pendingChanges(columns: [String: String]?, indexes: Set<String>, counted: Bool) -> [String] {
        let table = TableDefinition.quote(schema.typeName)
        var changes: [String] = []
        let definitions = schema.fields.map { ($0.key, columnDefinition($0)) } + internalColumns
        if let columns {
            for (name, definition) in definitions where columns[name] == nil {
                changes.append("ALTER TABLE \(table) ADD COLUMN \(definition)")
            }
        } else {
            let all = ["\"objectId\" TEXT PRIMARY KEY NOT NULL"] + definitions.map { $0.1 }
            changes.append("CREATE TABLE \(table) (\(all.joined(separator: ", ")))")
        }
        var indexed = schema.indexedKeys.map { (key: $0, unique: false) } + schema.uniqueKeys.map { (key: $0, unique: true) }
        if schema.behaviour.lifespan != nil { indexed.append((key: "_storedAt", unique: false)) }
        for (key, unique) in indexed {
            // An encrypted key is indexed (and kept unique) through its keyed hash; an index a
            // store made while the key was still plaintext is dropped (it would index ciphertext).
            let encrypted = schema.isEncrypted(key)
            let name = indexName(encrypted ? TableDefinition.hashColumn(key) : key, unique: unique)
            if encrypted, indexes.contains(indexName(key, unique: unique)) {
                changes.append("DROP INDEX IF EXISTS \(TableDefinition.quote(indexName(key, unique: unique)))")
            }
            guard !indexes.contains(name) else { continue }
            let column = encrypted ? TableDefinition.hashColumn(key) : key
            changes.append(
                "CREATE \(unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(TableDefinition.quote(name)) "
                    + "ON \(table) (\(TableDefinition.quote(column)))")
        }
        changes += compoundIndexChanges(existing: indexes)
        if columns == nil || !counted { changes += StoreCounts.typeStatements(typeName: schema.typeName) }
        return changes
    }

    /// Creates each declared compound index that is missing and drops each `<Type>_idx_…`
    /// index no longer declared (an encrypted key's column is its keyed hash, so a key that
    /// becomes encrypted renames, and so rebuilds, the indexes it is in).
    func compoundIndexChanges(existing indexes: Set<String>) -> [String] {
        let table = TableDefinition.quote(schema.typeName)
        var changes: [String] = []
        let declared = schema.compoundIndexes.map { index in
            let columns = index.keys.map { (column: schema.isEncrypted($0.key) ? TableDefinition.hashColumn($0.key) : $0.key, order: $0.order) }
            return (name: compoundIndexName(columns), columns: columns)
        }
        let declaredNames = Set(declared.map { $0.name })
        for name in indexes.sorted() where name.hasPrefix(compoundIndexPrefix) && !declaredNames.contains(name) {
            changes.append("DROP INDEX IF EXISTS \(TableDefinition.quote(name))")
        }
        for (name, columns) in declared where !indexes.contains(name) {
            let list = columns.map { "\(TableDefinition.quote($0.column))\($0.order == .descending ? " DESC" : "")" } + ["\"objectId\""]
            changes.append("CREATE INDEX IF NOT EXISTS \(TableDefinition.quote(name)) ON \(table) (\(list.joined(separator: ", ")))")
        }
        return changes
    }

    /// `<Type>_idx_`: the prefix of every compound index name of the type.
    var compoundIndexPrefix: String { "\(schema.typeName)_idx_" }

    /// `<Type>_idx_<column>[_desc]_…`, from the indexed columns (hash columns for encrypted keys).
    func compoundIndexName(_ columns: [(column: String, order: StrataStore.SortOrder)]) -> String {
        compoundIndexPrefix + columns.map { $0.order == .descending ? "\($0.column)_desc" : $0.column }.joined(separator: "_")
    }

    /// Applies `changes` (inside the caller's write transaction).
    func apply(_ changes: [String]) throws {
        for sql in changes {
            logger.debug("migrating \(schema.typeName)", metadata: ["sql": "\(sql)"])
            do {
                try connection.execute(sql)
            } catch let error as DataError where sql.contains("UNIQUE INDEX") {
                throw DataError(
                    .incompatibleStore,
                    "\(schema.typeName): cannot make a key unique because stored objects repeat a value: \(error.message)")
            }
        }
    }

    func indexName(_ key: String, unique: Bool) -> String {
        "\(schema.typeName)_\(unique ? "unique" : "by")_\(key)"
    }

    /// Strata's own columns, with their definitions.
    var internalColumns: [(String, String)] {
        [
            ("_storedAt", "\"_storedAt\" REAL NOT NULL DEFAULT 0"),
            ("_scope", "\"_scope\" INTEGER NOT NULL DEFAULT \(schema.behaviour.scope.rawValue)"),
            ("_ownerUser", "\"_ownerUser\" TEXT"),
            ("_ownerGroup", "\"_ownerGroup\" TEXT"),
        ] + schema.behaviour.encryptedKeys.map { key in
            let column = TableDefinition.hashColumn(key)
            return (column, "\(TableDefinition.quote(column)) BLOB")
        }
    }

    /// After a migration: rows of an older table get `_storedAt = now`, and plaintext left in
    /// a key that became encrypted is sealed (with its keyed hash) in place.
    func finishMigration(now: Double, cipher: FieldCipher?) throws {
        let table = TableDefinition.quote(schema.typeName)
        try connection.execute("UPDATE \(table) SET \"_storedAt\" = \(now) WHERE \"_storedAt\" = 0")
        for key in schema.behaviour.encryptedKeys {
            guard let field = schema.field(forKey: key) else { continue }
            let column = TableDefinition.quote(key)
            let select = "SELECT \"objectId\", \(column) FROM \(table) WHERE typeof(\(column)) NOT IN ('blob', 'null')"
            let plaintext = try connection.withStatement(select) { statement in
                var rows: [(String, FieldValue)] = []
                while try statement.step() { rows.append((statement.text(at: 0), statement.value(at: 1))) }
                return rows
            }
            guard !plaintext.isEmpty else { continue }
            guard let cipher else { throw DataError(.cannotOpen, "cannot encrypt \(schema.typeName).\(key): no key") }
            let update = "UPDATE \(table) SET \(column) = ?2, \(TableDefinition.quote(TableDefinition.hashColumn(key))) = ?3 WHERE \"objectId\" = ?1"
            for (id, value) in plaintext {
                let typed = field.type.normalized(value)
                try connection.withStatement(update) { statement in
                    statement.bind(id, at: 1)
                    statement.bind(try cipher.seal(typed), at: 2)
                    statement.bind(cipher.keyedHash(typed), at: 3)
                    try statement.step()
                }
            }
            logger.info("encrypted \(plaintext.count) stored values of \(schema.typeName).\(key)")
        }
    }

    /// `"key" TYPE [NOT NULL DEFAULT literal]`, the default taken from `Object()`; an
    /// encrypted key is a nullable BLOB (its default is never stored in plaintext).
    func columnDefinition(_ field: ValueObjectSchema<Object>.Field) -> String {
        let name = TableDefinition.quote(field.key)
        if schema.isEncrypted(field.key) { return "\(name) BLOB" }
        if field.isNullable { return "\(name) \(field.type.columnType)" }
        return "\(name) \(field.type.columnType) NOT NULL DEFAULT \(Self.literal(field.value(in: Object())))"
    }

    /// An SQL literal for a default value (from code, escaped all the same).
    static func literal(_ value: FieldValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? "\(number)" : "0"
        case .text(let text):
            var quoted = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                quoted.append(scalar)
                if scalar == "'" { quoted.append(scalar) }  // every quote doubled
            }
            return "'\(String(quoted))'"
        case .blob(let bytes):
            let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            return "X'\(hex.joined())'"
        }
    }
}
