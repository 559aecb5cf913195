@_spi(Testing) import StrataData
import Synchronization

/// The value-object store of `DataLayerFactory.inMemory(readOnly:allowing:)`: the SQLite
/// store's rules over dictionaries, under one mutex.
final class InMemoryStore: ValueObjectStore {
    /// Whether every write throws `readOnly`.
    let readOnly: Bool
    /// The operations a test allows; `nil` allows every operation.
    let allowing: Set<DataOperation>?
    /// The registered types and their tables.
    let state = Mutex(StoreState())

    init(readOnly: Bool, allowing: Set<DataOperation>?) {
        self.readOnly = readOnly
        self.allowing = allowing
    }

    func register<Object: ValueObject>(_ type: Object.Type) throws {
        let schema = Object.schema
        try admit(.register, schema.typeName)
        try schema.validate()
        try state.withLock { state in
            if let owner = state.owners[schema.typeName], owner != ObjectIdentifier(type) {
                throw DataError(
                    .invalidSchema,
                    "two different types use the value-object name \(schema.typeName); names must be unique")
            }
            // A schema is a static property, so it cannot change while the store lives: there
            // is nothing to migrate, only a table to create (never on a read-only store).
            if !readOnly, state.tables[schema.typeName] == nil {
                state.tables[schema.typeName] = Table()
            }
            state.owners[schema.typeName] = ObjectIdentifier(type)
        }
    }

    func save<Object: ValueObject>(_ object: Object) throws -> Object {
        try admit(.save, Object.schema.typeName)
        let row = Row(of: object)
        return try state.withLock { state in
            try checkWrite(state, Object.self)
            return try Self.write(
                object, row, into: &state.tables[Object.schema.typeName, default: Table()],
                ids: &state.ids)
        }
    }

    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        try admit(.saveList, Object.schema.typeName)
        let rows = objects.map { Row(of: $0) }
        return try state.withLock { state in
            try checkWrite(state, Object.self)
            // All or nothing: write into a copy and keep it only when every object was saved.
            var table = state.tables[Object.schema.typeName] ?? Table()
            var saved: [Object] = []
            saved.reserveCapacity(objects.count)
            for (object, row) in zip(objects, rows) {
                saved.append(try Self.write(object, row, into: &table, ids: &state.ids))
            }
            state.tables[Object.schema.typeName] = table
            return saved
        }
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        try admit(.fetch, Object.schema.typeName)
        let row = try state.withLock { state in
            try checkRegistered(state, Object.self)
            return state.tables[Object.schema.typeName]?.rows[id]
        }
        return try row.map { try $0.object(id: id) }
    }

    func delete<Object: ValueObject>(_ object: Object) throws -> Bool {
        try admit(.delete, Object.schema.typeName)
        return try state.withLock { state in
            try checkWrite(state, Object.self)
            guard let id = object.objectId else {
                throw DataError(
                    .notFound,
                    "cannot delete a \(Object.schema.typeName) that was never saved (it has no objectId)")
            }
            return state.tables[Object.schema.typeName]?.rows.removeValue(forKey: id) != nil
        }
    }

    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        try admit(.deleteList, Object.schema.typeName)
        return try state.withLock { state in
            try checkWrite(state, Object.self)
            // Check every id first, so a bad list deletes nothing.
            let ids = try objects.enumerated().map { index, object in
                guard let id = object.objectId else {
                    throw DataError(
                        .notFound,
                        "cannot delete \(Object.schema.typeName) at index \(index) of the list: it was never "
                            + "saved (it has no objectId); nothing was deleted")
                }
                return id
            }
            return ids.reduce(0) { deleted, id in
                deleted + (state.tables[Object.schema.typeName]?.rows.removeValue(forKey: id) == nil ? 0 : 1)
            }
        }
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int {
        try admit(.deleteAll, Object.schema.typeName)
        return try state.withLock { state in
            try checkWrite(state, Object.self)
            let count = state.tables[Object.schema.typeName]?.rows.count ?? 0
            state.tables[Object.schema.typeName]?.rows.removeAll()
            return count
        }
    }

    func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        try admit(.query, Object.schema.typeName)
        let matching = try rows(matching: query)
        return try query.page(query.sorted(matching)).map { try $0.row.object(id: $0.id) }
    }

    func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int {
        try admit(.count, Object.schema.typeName)
        return try rows(matching: query).count
    }
}
