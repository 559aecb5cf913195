import CSQLite
import Foundation
import Logging
import Synchronization

/// The value-object store on one SQLite file, shared by every Strata process.
///
/// One connection per store, used only under `state`'s mutex. Writers use `BEGIN IMMEDIATE`
/// transactions and a busy timeout; the file is in WAL mode so readers never block writers;
/// a read-only store opens the file `SQLITE_OPEN_READONLY` and never migrates.
final class SQLiteStore: ValueObjectStore {
    enum Mode: Sendable { case readWrite, readOnly }

    private let state: Mutex<StoreState>
    private let logger: Logger

    init(url: URL, mode: Mode, logger: Logger) throws {
        let connection = try SQLiteConnection(path: url.path, access: mode == .readWrite ? .readWrite : .readOnly)
        // Refuse a foreign or newer file before changing anything about it.
        try StoreFormat.check(connection)
        if mode == .readWrite {
            try Self.restrictToOwner(url)
            try StoreFormat.prepareWritable(connection)
        }
        self.logger = logger
        state = Mutex(StoreState(connection: connection))
        logger.debug("opened store", metadata: ["path": "\(url.path)", "mode": "\(mode)"])
    }

    /// Makes the store file owner-only (0600): SQLite gives its `-wal` and `-shm` files the
    /// same mode, so patient data is never readable by other users.
    private static func restrictToOwner(_ url: URL) throws {
        guard chmod(url.path, 0o600) == 0 else {
            throw DataError(.cannotOpen, "cannot make the store \(url.path) owner-only (errno \(errno))")
        }
    }

    func register<Object: ValueObject>(_ type: Object.Type) throws {
        let schema = Object.schema
        try schema.validate()
        let logger = logger
        try state.withLock { state in
            try state.register(schema, owner: ObjectIdentifier(type), logger: logger)
        }
    }

    func save<Object: ValueObject>(_ object: Object) throws -> Object {
        try save([object])[0]
    }

    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        try state.withLock { state in
            let table = try state.table(for: Object.self)
            return try state.connection.writeTransaction {
                try ObjectWriter(table: table, connection: state.connection).save(objects, ids: &state.ids)
            }
        }
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        try state.withLock { state in
            let table = try state.table(for: type)
            guard table.exists else { return nil }
            return try state.connection.withStatement(table.fetchSQL) { statement in
                statement.bind(id, at: 1)
                guard try statement.step() else { return nil }
                return try table.read(statement, schema: Object.schema)
            }
        }
    }

    func delete<Object: ValueObject>(_ object: Object) throws -> Bool {
        try delete([object]) == 1
    }

    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        try state.withLock { state in
            let table = try state.table(for: Object.self)
            return try state.connection.writeTransaction {
                try ObjectWriter(table: table, connection: state.connection).delete(objects)
            }
        }
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int {
        try state.withLock { state in
            let table = try state.table(for: type)
            return try state.connection.writeTransaction {
                _ = try state.connection.withStatement(table.deleteAllSQL) { try $0.step() }
                return state.connection.changes
            }
        }
    }

    func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        try query.validate()
        return try state.withLock { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return [] }
            let (sql, bindings) = QueryCompiler(query: query, table: table).select()
            return try state.connection.withStatement(sql) { statement in
                statement.bind(bindings)
                let schema = Object.schema
                var objects: [Object] = []
                while try statement.step() {
                    objects.append(try table.read(statement, schema: schema))
                }
                return objects
            }
        }
    }

    func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int {
        try query.validate()
        return try state.withLock { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return 0 }
            let (sql, bindings) = QueryCompiler(query: query, table: table).count()
            return try state.connection.withStatement(sql) { statement in
                statement.bind(bindings)
                return try statement.step() ? Int(statement.int64(at: 0)) : 0
            }
        }
    }
}
