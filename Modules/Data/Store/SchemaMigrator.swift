import Foundation
import Logging

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

    /// Refuses columns whose stored type differs from the schema's.
    func checkTypes(_ columns: [String: String]) throws {
        for field in schema.fields {
            guard let stored = columns[field.key], stored != field.type.columnType else { continue }
            throw DataError(
                .incompatibleStore,
                "\(schema.typeName).\(field.key) is stored as \(stored) in \(connection.path) but the schema declares "
                    + "\(field.type.columnType) (\(field.type.rawValue)); a type change needs a new key")
        }
    }

    /// The statements that would bring the table up to date (empty when it already is).
    func pendingChanges(columns: [String: String]?, indexes: Set<String>) -> [String] {
        let table = TableDefinition.quote(schema.typeName)
        var changes: [String] = []
        if let columns {
            for field in schema.fields where columns[field.key] == nil {
                changes.append("ALTER TABLE \(table) ADD COLUMN \(columnDefinition(field))")
            }
        } else {
            let definitions = ["\"objectId\" TEXT PRIMARY KEY NOT NULL"] + schema.fields.map(columnDefinition)
            changes.append("CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))")
        }
        for key in schema.indexedKeys where !indexes.contains(indexName(key, unique: false)) {
            changes.append(
                "CREATE INDEX IF NOT EXISTS \(TableDefinition.quote(indexName(key, unique: false))) ON \(table) (\(TableDefinition.quote(key)))")
        }
        for key in schema.uniqueKeys where !indexes.contains(indexName(key, unique: true)) {
            changes.append(
                "CREATE UNIQUE INDEX IF NOT EXISTS \(TableDefinition.quote(indexName(key, unique: true))) ON \(table) (\(TableDefinition.quote(key)))")
        }
        return changes
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

    /// `"key" TYPE [NOT NULL DEFAULT literal]`, the default taken from `Object()`.
    func columnDefinition(_ field: ValueObjectSchema<Object>.Field) -> String {
        let name = TableDefinition.quote(field.key)
        if field.isNullable { return "\(name) \(field.type.columnType)" }
        return "\(name) \(field.type.columnType) NOT NULL DEFAULT \(Self.literal(field.value(in: Object())))"
    }

    /// An SQL literal for a default value (from code, escaped all the same).
    static func literal(_ value: FieldValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? "\(number)" : "0"
        case .text(let text): return "'\(text.replacingOccurrences(of: "'", with: "''"))'"
        case .blob(let bytes):
            let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            return "X'\(hex.joined())'"
        }
    }
}
