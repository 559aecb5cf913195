@_spi(Testing) import StrataData
import Synchronization

/// The checks and row writes every operation of ``InMemoryStore`` shares.
extension InMemoryStore {
    /// Throws `unexpectedCall` when the test did not allow `operation`.
    func admit(_ operation: DataOperation, _ typeName: String) throws {
        guard let allowing, !allowing.contains(operation) else { return }
        let allowed = DataOperation.allCases.filter(allowing.contains).map(\.rawValue)
        let rule = allowed.isEmpty ? "this double allows no calls" : "this double allows only: \(allowed.joined(separator: ", "))"
        throw DataError(
            .unexpectedCall, "StrataDataTesting: unexpected call to \(operation.call(on: typeName)); \(rule)")
    }

    /// Throws `notRegistered` unless `Object`'s type was registered.
    func checkRegistered<Object: ValueObject>(_ state: StoreState, _ type: Object.Type) throws {
        let typeName = Object.schema.typeName
        guard state.owners[typeName] == ObjectIdentifier(type) else {
            throw DataError(
                .notRegistered, "\(typeName) is not registered with the store; call register(\(Object.self).self) first")
        }
    }

    /// Throws `notRegistered`, or `readOnly` on a read-only store.
    func checkWrite<Object: ValueObject>(_ state: StoreState, _ type: Object.Type) throws {
        try checkRegistered(state, type)
        guard !readOnly else {
            throw DataError(
                .readOnly, "cannot write \(Object.schema.typeName): the in-memory store was opened read-only")
        }
    }

    /// The ids and rows matching `query`'s conditions, in no particular order.
    func rows<Object: ValueObject>(matching query: Query<Object>) throws -> [(id: String, row: Row)] {
        try query.validate()
        let rows = try state.withLock { state in
            try checkRegistered(state, Object.self)
            return state.tables[Object.schema.typeName]?.rows ?? [:]
        }
        return rows.compactMap { id, row in query.matches(row, id: id) ? (id, row) : nil }
    }

    /// Inserts (no id: a new unique id) or updates (`notFound` when the id is not stored)
    /// one object; `duplicate` when a unique key's value is taken. Changes nothing on a throw.
    static func write<Object: ValueObject>(
        _ object: Object, _ row: Row, into table: inout Table, ids: inout ObjectIDs
    ) throws -> Object {
        let schema = Object.schema
        var saved = object
        let id: String
        if let existing = object.objectId {
            guard table.rows[existing] != nil else {
                throw DataError(
                    .notFound,
                    "\(schema.typeName) '\(existing)' is not stored (it may have been deleted); nothing was saved")
            }
            id = existing
        } else {
            id = ids.next()
            saved.objectId = id
        }
        for key in schema.uniqueKeys {
            let value = row[key] ?? .null
            guard value != .null else { continue }  // like SQLite, nulls never collide
            if let other = table.rows.first(where: {
                $0.key != id && FieldValue.sqliteCompare($0.value[key] ?? .null, value) == 0
            }) {
                throw DataError(
                    .duplicate,
                    "\(schema.typeName).\(key) \(value) is already stored (object '\(other.key)'); it must be unique")
            }
        }
        table.rows[id, default: [:]].merge(row) { _, new in new }
        return saved
    }
}
