#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// The value-object store on the shared SQLite file (see ``SQLiteDatabase``).
///
/// Each type's `ValueObjectBehaviour` decides what a save does: a local row (sealed where
/// keys are encrypted, stamped with `_storedAt`, scope and owner), a change record in the
/// journal in the same transaction, or both. Reads never return rows past their lifespan.
///
/// Every operation does its SQLite work on the database's own queue
/// (``SQLiteDatabase/perform(_:)`` / ``SQLiteDatabase/performWrite(_:)``) and suspends the
/// caller meanwhile; checks that need no database (schema and query validation, read-only
/// refusal, the clock and owner of a write) run first, on the caller's task.
final class SQLiteStore: ValueObjectStore {
    /// Who is signed in: recorded as the owner of each saved object and change.
    typealias OwnerProvider = @Sendable () -> (user: String?, group: String?)
    /// Who is signed in and their groups: what a query's `QueryScope` filters by.
    typealias ViewerProvider = @Sendable () -> QueryViewer

    let database: SQLiteDatabase
    private let owner: OwnerProvider
    private let viewer: ViewerProvider

    init(database: SQLiteDatabase, owner: @escaping OwnerProvider, viewer: @escaping ViewerProvider) {
        self.database = database
        self.owner = owner
        self.viewer = viewer
    }

    /// The database's lane: a task preferring it makes its calls without a hop.
    var executor: (any TaskExecutor)? { database.queue }

    /// Who a query of `scope` filters by (read only for a scoped query).
    func viewer(for scope: QueryScope) -> QueryViewer {
        scope == .all ? QueryViewer() : viewer()
    }

    func register<Object: ValueObject>(_ type: Object.Type) async throws {
        let schema = Object.schema
        try schema.validate()
        let database = database
        let owner = ObjectIdentifier(type)
        try await database.perform { state in
            try state.register(schema, owner: owner, database: database)
        }
    }

    func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        try await save([object])[0]
    }

    func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] {
        let context = try writeContext(saving: Object.self)
        return try await database.performWrite { state in
            try ObjectWriter(table: try state.table(for: Object.self), state: state, context: context).save(objects)
        }
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        let (cipher, now) = (database.cipher, database.clock.now().timeIntervalSince1970)
        return try await database.perform { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return nil }
            // `SELECT … WHERE "objectId" = ?1 [AND "_storedAt" >= ?2]`, built at registration.
            let cutoff = table.freshnessCutoff(now: now)
            return try state.connection.withStatement(cutoff == nil ? table.fetchSQL : table.freshFetchSQL) { statement in
                statement.bind(id, at: 1)
                if let cutoff { statement.bind(.real(cutoff), at: 2) }
                guard try statement.step() else { return nil }
                return try table.read(statement, schema: Object.schema, cipher: cipher)
            }
        }
    }

    func delete<Object: ValueObject>(_ object: Object) async throws -> Bool {
        try await delete([object]) == 1
    }

    func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int {
        let context = try writeContext(saving: Object.self)
        return try await database.performWrite { state in
            try ObjectWriter(table: try state.table(for: Object.self), state: state, context: context).delete(objects)
        }
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int {
        let context = try writeContext(saving: Object.self)
        return try await database.performWrite { state in
            try ObjectWriter(table: try state.table(for: Object.self), state: state, context: context)
                .deleteAll(behaviour: Object.schema.behaviour)
        }
    }

    func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] {
        try query.validate()
        let (cipher, now, viewer) = (database.cipher, database.clock.now().timeIntervalSince1970, viewer(for: query.scope))
        return try await database.perform { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return [] }
            let (sql, bindings) = try QueryCompiler(query: query, table: table, cipher: cipher, now: now, viewer: viewer).select()
            return try state.connection.withStatement(sql) { statement in
                statement.bind(bindings)
                let schema = Object.schema
                var objects: [Object] = []
                while try statement.step() {
                    objects.append(try table.read(statement, schema: schema, cipher: cipher))
                }
                return objects
            }
        }
    }

    func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int {
        try query.validate()
        let (cipher, now, viewer) = (database.cipher, database.clock.now().timeIntervalSince1970, viewer(for: query.scope))
        return try await database.perform { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return 0 }
            // Every row, on a type without a lifespan: the count the store keeps, one row's read
            // (see StoreCounts); count(*) on a store or table that keeps none yet.
            if Self.readsKeptCount(query, table: table, now: now),
                let kept = try StoreCounts.count(StoreCounts.key(typeName: table.typeName), in: state.connection)
            {
                return kept
            }
            let (sql, bindings) = try QueryCompiler(query: query, table: table, cipher: cipher, now: now, viewer: viewer).count()
            return try state.connection.withStatement(sql) { statement in
                statement.bind(bindings)
                return try statement.step() ? Int(statement.int64(at: 0)) : 0
            }
        }
    }

    /// Whether ``count(_:)`` of `query` reads the kept count (every row, of every owner, of a
    /// type without a lifespan) rather than counting rows.
    static func readsKeptCount<Object: ValueObject>(_ query: Query<Object>, table: TableDefinition, now: Double) -> Bool {
        query.conditions.isEmpty && query.scope == .all && table.freshnessCutoff(now: now) == nil
    }

    /// The clock reading, owner and cipher one write transaction of `type` shares.
    private func writeContext<Object: ValueObject>(saving type: Object.Type) throws -> ObjectWriter.WriteContext {
        guard database.mode == .readWrite else {
            throw DataError(
                .readOnly,
                "cannot change \(Object.schema.typeName): the store \(database.url.path) is open read-only; writes are not allowed")
        }
        let (user, group) = owner()
        return ObjectWriter.WriteContext(
            now: database.clock.now().timeIntervalSince1970, ownerUser: user, ownerGroup: group,
            cipher: try database.requireCipher(for: "objects to save"))
    }
}
