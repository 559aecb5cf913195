import CSQLite
import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// Applied operation ids are kept per user: one user's id never turns another user's change
/// into a `duplicate` that is silently dropped.
@Suite("operation ids are kept per user")
struct OperationIdTests {
    @Test("another user's change with an operation id already used is applied, and each user's replay is a duplicate", arguments: TestEngine.allCases)
    func idsPerUser(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            #expect(try await client.push([.report("a", name: "Ann", scope: 1, operationId: "op-1")], token: alice) == ["applied"])
            #expect(try await client.push([.report("b", name: "Ben", scope: 1, operationId: "op-1")], token: bob) == ["applied"])
            #expect(try await client.pull("CaseReport", token: bob).objects.map(\.objectId) == ["b"])
            #expect(try await client.push([.report("a", name: "Ann", scope: 1, operationId: "op-1")], token: alice) == ["duplicate"])
            #expect(try await client.push([.report("b", name: "Ben", scope: 1, operationId: "op-1")], token: bob) == ["duplicate"])
        }
    }

    @Test("an app database made before ids were kept per user keeps its ids: its users' replays stay duplicates")
    func migratesOldDatabase() async throws {
        let directory = TemporaryRoot.directory("server-migrate")
        let apps = directory.appendingPathComponent("apps", isDirectory: true)
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        // The schema before migrations were recorded: operation ids unique across users.
        try Self.execute(
            at: apps.appendingPathComponent("org.example@1.sqlite").path,
            sql: """
                CREATE TABLE objects (
                    type_name TEXT NOT NULL, object_id TEXT NOT NULL, values_json TEXT NOT NULL,
                    scope INTEGER NOT NULL, owner_user TEXT NOT NULL, owner_group TEXT,
                    deleted INTEGER NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (type_name, object_id));
                CREATE INDEX objects_by_version ON objects (type_name, version);
                CREATE TABLE operations (operation_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, version INTEGER NOT NULL);
                CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                INSERT INTO counter (id, value) VALUES (1, 1);
                CREATE TABLE logs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, level TEXT NOT NULL,
                    message TEXT NOT NULL, metadata_json TEXT NOT NULL, logged_at REAL NOT NULL, received_at REAL NOT NULL);
                INSERT INTO objects VALUES ('CaseReport', 'a', '{"name":["t","Ann"]}', 1, 'alice', NULL, 0, 1);
                INSERT INTO operations VALUES ('op-1', 'alice', 1);
                """)
        let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }
        let store = try await ServerDataFactory.sqlite(directory: directory, logger: logger)
            .appStore(appId: "org.example", version: "1")
        #expect(try await store.write { try await $0.hasOperation("op-1", userId: "alice") })
        #expect(try await !store.write { try await $0.hasOperation("op-1", userId: "bob") })
        try await store.write { try await $0.recordOperation("op-1", userId: "bob") }
        #expect(try await store.write { try await $0.hasOperation("op-1", userId: "bob") })
        #expect(try await store.object(typeName: "CaseReport", objectId: "a")?.values["name"] == .text("Ann"))
        let visible = ObjectVisibility(userId: "alice", groupIds: [])
        #expect(try await store.changes(typeName: "CaseReport", since: 0, limit: 10, visibility: visible).map(\.objectId) == ["a"])
    }

    @Test("servers opening one new app database at once each find it migrated once")
    func concurrentOpens() async throws {
        let directory = TemporaryRoot.directory("server-migrate")
        let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }
        // Separate data layers stand for separate processes: each opens its own connections.
        var layers: [any ServerDataLayer] = []
        for _ in 0..<4 { layers.append(try await ServerDataFactory.sqlite(directory: directory, logger: logger)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for layer in layers {
                group.addTask { _ = try await layer.appStore(appId: "org.example", version: "1") }
            }
            try await group.waitForAll()
        }
        let store = try await layers[0].appStore(appId: "org.example", version: "1")
        try await store.write { try await $0.recordOperation("op-1", userId: "alice") }
        #expect(try await store.write { try await $0.hasOperation("op-1", userId: "alice") })
    }

    /// The first column of every row `sql` reads from the SQLite database at `path`, as text of
    /// its full byte length.
    static func texts(at path: String, sql: String) throws -> [String] {
        var db: OpaquePointer?
        var statement: OpaquePointer?
        defer {
            sqlite3_finalize(statement)
            sqlite3_close(db)
        }
        guard sqlite3_open(path, &db) == SQLITE_OK, sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw WireError(error: "sqlite", reason: String(cString: sqlite3_errmsg(db)))
        }
        var texts: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let count = Int(sqlite3_column_bytes(statement, 0))
            let bytes = sqlite3_column_text(statement, 0).map { UnsafeBufferPointer(start: $0, count: count) }
            texts.append(String(decoding: bytes.map(Array.init) ?? [], as: UTF8.self))
        }
        return texts
    }

    /// Runs `sql` on the SQLite database at `path` (created when missing).
    static func execute(at path: String, sql: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK, sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw WireError(error: "sqlite", reason: String(cString: sqlite3_errmsg(db)))
        }
    }
}
