import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// What every engine behind ``ServerDataLayer`` does alike: each test runs on SQLite and on a
/// real PostgreSQL (``TestEngine``).
@Suite("server data: one contract on SQLite and PostgreSQL")
struct ServerDataContractTests {
    static let logger = Logger(label: "strata-server-data-test") { _ in SwiftLogNoOpLogHandler() }

    /// A new data layer on `engine`, and how to open the same storage again (a second instance).
    static func storage(_ engine: TestEngine) async throws -> (
        data: any ServerDataLayer, reopen: @Sendable () async throws -> any ServerDataLayer, url: String?
    ) {
        let directory = TemporaryRoot.directory("server-data")
        switch engine {
        case .sqlite:
            let data = try await ServerDataFactory.sqlite(directory: directory, logger: logger)
            return (data, { try await ServerDataFactory.sqlite(directory: directory, logger: logger) }, nil)
        case .postgres:
            let url = try await TestPostgres.database()
            let data = try await ServerDataFactory.postgres(url: url, logger: logger)
            return (data, { try await ServerDataFactory.postgres(url: url, logger: logger) }, url)
        }
    }

    static func object(_ id: String, version: Int64, scope: Int = 3, owner: String = "u1", values: [String: WireValue] = [:])
        -> StoredObject
    {
        StoredObject(
            typeName: "Case", objectId: id, values: values, scope: scope, ownerUser: owner, ownerGroup: "g1", deleted: false,
            version: version)
    }

    @Test("the control store keeps apps, groups, users, sessions, devices, messages and templates; duplicates and missing rows are named", arguments: TestEngine.allCases)
    func controlStore(engine: TestEngine) async throws {
        let control = try await Self.storage(engine).data.control
        try await control.createApp(AppRecord(appId: "org.b", version: "1", keyHash: "k", logLevel: "error"))
        try await control.createApp(AppRecord(appId: "org.a", version: "2", keyHash: "k2", logLevel: "none"))
        await #expect(throws: ServerDataError.self) {
            try await control.createApp(AppRecord(appId: "org.a", version: "2", keyHash: "x", logLevel: "none"))
        }
        #expect(try await control.apps().map(\.appId) == ["org.a", "org.b"])
        try await control.setLogLevel(appId: "org.a", version: "2", level: "monitor")
        #expect(try await control.app(id: "org.a", version: "2")?.logLevel == "monitor")
        #expect(try await control.app(id: "org.a", version: "9") == nil)
        let missing = await #expect(throws: ServerDataError.self) {
            try await control.setLogLevel(appId: "org.zz", version: "1", level: "none")
        }
        #expect(missing?.code == .notFound)

        try await control.createGroup(GroupRecord(id: "g1", name: "nurses"))
        try await control.createGroup(GroupRecord(id: "g2", name: "doctors"))
        let duplicate = await #expect(throws: ServerDataError.self) { try await control.createGroup(GroupRecord(id: "g3", name: "nurses")) }
        #expect(duplicate?.code == .duplicate)
        #expect(try await control.groups().map(\.name) == ["doctors", "nurses"])
        #expect(try await control.group(named: "nurses")?.id == "g1")
        try await control.createUser(
            UserRecord(id: "u1", account: "alice", passwordHash: "h"),
            memberships: [
                MembershipRecord(userId: "u1", groupId: "g2", groupName: "doctors", role: "member"),
                MembershipRecord(userId: "u1", groupId: "g1", groupName: "nurses", role: "lead"),
            ])
        #expect(try await control.user(account: "alice")?.id == "u1")
        #expect(try await control.memberships(userId: "u1").map(\.groupName) == ["doctors", "nurses"], "oldest first")
        #expect(try await control.memberIds(groupId: "g1") == ["u1"])
        await #expect(throws: ServerDataError.self, "a user with a group that does not exist is refused whole") {
            try await control.createUser(
                UserRecord(id: "u2", account: "bob", passwordHash: "h"),
                memberships: [MembershipRecord(userId: "u2", groupId: "nope", groupName: "nope", role: "member")])
        }
        #expect(try await control.user(account: "bob") == nil)

        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await control.saveToken(TokenRecord(tokenHash: "t1", userId: "u1", appId: "org.a", appVersion: "2", validUntil: now))
        try await control.saveToken(
            TokenRecord(tokenHash: "t2", userId: "u1", appId: "org.a", appVersion: "2", validUntil: now.addingTimeInterval(60)))
        #expect(try await control.token(hash: "t1")?.validUntil == now)
        #expect(try await control.deleteTokens(expiredBefore: now.addingTimeInterval(1)) == 1)
        try await control.deleteToken(hash: "t2")
        #expect(try await control.token(hash: "t2") == nil)

        let device = DeviceRecord(appId: "org.a", appVersion: "2", deviceId: "d1", userId: "u1", name: "one", registeredAt: now)
        try await control.registerDevice(device)
        var renamed = device
        renamed.name = "renamed"
        try await control.registerDevice(renamed)
        #expect(try await control.devices(userIds: ["u1", "u9"]) == [renamed])
        #expect(try await control.latestPushSequence() == 0)
        let stored = try await control.appendPushMessages([
            NewPushMessage(device: device, id: "m1", title: "A", body: "a", sentAt: now),
            NewPushMessage(device: device, id: "m2", title: "B", body: "b", sentAt: now),
        ])
        #expect(stored[1].sequence > stored[0].sequence)
        #expect(try await control.latestPushSequence() == stored[1].sequence)
        #expect(try await control.pushMessages(appId: "org.a", version: "2", deviceId: "d1", after: stored[0].sequence, limit: 10) == [stored[1]])
        let channels = try await control.pushChannels(after: 0)
        #expect(channels.channels == [PushChannel(appId: "org.a", appVersion: "2", deviceId: "d1")])
        #expect(channels.latest == stored[1].sequence)
        #expect(try await control.pushChannels(after: stored[1].sequence).channels.isEmpty)

        try await control.saveTemplate(PushTemplate(name: "t", title: "one", body: "1"))
        try await control.saveTemplate(PushTemplate(name: "t", title: "two", body: "2"))
        #expect(try await control.template(named: "t") == PushTemplate(name: "t", title: "two", body: "2"))
    }

    @Test("an app store's writes commit whole, pulls read by version with tombstones for narrowed objects, queries filter and sort", arguments: TestEngine.allCases)
    func appStore(engine: TestEngine) async throws {
        let data = try await Self.storage(engine).data
        let store = try await data.appStore(appId: "org.a", version: "1")
        let other = try await data.appStore(appId: "org.a", version: "2")
        try await store.write { transaction in
            for (id, age) in [("c1", WireValue.integer(44)), ("c2", .real(31.5)), ("c3", .text("old"))] {
                try await transaction.save(Self.object(id, version: try await transaction.nextVersion(), values: ["age": age]))
            }
            try await transaction.recordOperation("op1", userId: "u1")
        }
        await #expect(throws: ServerDataError.self) {
            try await store.write { transaction in
                try await transaction.save(Self.object("c4", version: try await transaction.nextVersion()))
                try await transaction.recordOperation("op1", userId: "u1")
            }
        }
        #expect(try await store.object(typeName: "Case", objectId: "c4") == nil, "the failed write left nothing")
        let everyone = ObjectVisibility(userId: "u1", groupIds: ["g1"])
        #expect(try await store.changes(typeName: "Case", since: 0, limit: 10, visibility: everyone).map(\.version) == [1, 2, 3])
        #expect(try await store.changes(typeName: "Case", since: 2, limit: 10, visibility: everyone).map(\.objectId) == ["c3"])
        #expect(try await other.changes(typeName: "Case", since: 0, limit: 10, visibility: everyone).isEmpty, "app versions are apart")
        #expect(try await store.object(typeName: "Case", objectId: "c1")?.values == ["age": .integer(44)])

        // u2 saw c1 (public); a write narrows it to u1's group: u2 gets a tombstone at that version.
        let stranger = ObjectVisibility(userId: "u2", groupIds: [])
        try await store.write { transaction in
            let previous = try #require(try await transaction.object(typeName: "Case", objectId: "c1"))
            let version = try await transaction.nextVersion()
            try await transaction.save(Self.object("c1", version: version, scope: 2, values: previous.values))
            try await transaction.recordNarrowing(of: previous, at: version)
            #expect(try await transaction.hasOperation("op1", userId: "u1"))
            #expect(try await !transaction.hasOperation("op1", userId: "u2"), "operation ids are kept per user")
        }
        let pulled = try await store.changes(typeName: "Case", since: 3, limit: 10, visibility: stranger)
        #expect(pulled.map(\.objectId) == ["c1"])
        #expect(pulled.first?.deleted == true && pulled.first?.version == 4 && pulled.first?.values == [:])

        let ages = try await store.query(
            ObjectQuery(
                typeName: "Case", conditions: [.init(key: "age", op: .ge, values: [.integer(30)])],
                sortKeys: [.init(key: "age", descending: true)], limit: 10, offset: 0),
            visibility: everyone)
        #expect(ages.map(\.objectId) == ["c1", "c2"], "numbers compare with numbers only, integers with reals")
        let mixed = try await store.query(
            ObjectQuery(typeName: "Case", conditions: [], sortKeys: [.init(key: "age", descending: false)], limit: 10, offset: 0),
            visibility: everyone)
        #expect(mixed.map(\.objectId) == ["c2", "c1", "c3"], "numbers sort before text")
        await #expect(throws: ServerDataError.self) {
            try await store.query(
                ObjectQuery(typeName: "Case", conditions: [.init(key: "a'); DROP", op: .eq, values: [.null])], sortKeys: [], limit: 1, offset: 0),
                visibility: everyone)
        }

        let when = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.appendLogs([StoredLogEntry(userId: "u1", level: "error", message: "m", metadataJSON: "{}", loggedAt: when, receivedAt: when)])
        #expect(try await store.logCount() == 1)
        #expect(try await other.logCount() == 0)
    }

    @Test("close ends the storage: PostgreSQL's pooled connections go at once, SQLite's WAL is checkpointed away; later calls fail with storage", arguments: TestEngine.allCases)
    func closeEndsTheStorage(engine: TestEngine) async throws {
        let directory = TemporaryRoot.directory("server-data-close")
        let url = engine == .postgres ? try await TestPostgres.database() : nil
        let data = try await ServerDataFactory.open(database: url, dataDirectory: directory, logger: Self.logger)
        let store = try await data.appStore(appId: "org.a", version: "1")
        try await store.write { transaction in try await transaction.save(Self.object("c1", version: try await transaction.nextVersion())) }
        // Several at once, so the pool holds more than one connection.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await data.control.apps() } }
            try await group.waitForAll()
        }
        let others = "(SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid())"
        if let url {
            #expect(await CommitOrderTests.holds("\(others) > 0", in: url), "the pool holds connections while open")
        } else {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("apps/org.a@1.sqlite-wal").path))
        }

        try await data.close()
        if let url {
            // An open pool keeps idle connections for a minute: only closing ends them at once.
            #expect(await eventually(within: Patience.childProcess) { await CommitOrderTests.holds("\(others) = 0", in: url) })
        } else {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                + FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("apps").path)
            #expect(files.filter { $0.hasSuffix("-wal") }.isEmpty, "\(files.sorted())")
        }
        let later = await #expect(throws: ServerDataError.self) { _ = try await data.control.apps() }
        #expect(later?.code == .storage)
        try await data.close()
    }

    @Test("a write sees its own saves and operations, and an object saved twice in one write keeps the last save", arguments: TestEngine.allCases)
    func writeReadsItsOwnWrites(engine: TestEngine) async throws {
        // PostgreSQL sends a write's saves and operations together before its next read and its
        // commit (one statement per table, not one per change): what the write reads meanwhile,
        // and what it commits, must be as if each had gone at once.
        let data = try await Self.storage(engine).data
        let store = try await data.appStore(appId: "org.a", version: "1")
        let everyone = ObjectVisibility(userId: "u1", groupIds: ["g1"])
        try await store.write { transaction in
            try await transaction.save(Self.object("c1", version: try await transaction.nextVersion(), values: ["n": .integer(1)]))
            try await transaction.recordOperation("op1", userId: "u1")
            try await transaction.save(Self.object("c2", version: try await transaction.nextVersion(), scope: 1, owner: "u2"))
            try await transaction.save(Self.object("c1", version: try await transaction.nextVersion(), values: ["n": .integer(2)]))
            try await transaction.recordOperation("op2", userId: "u1")
            #expect(try await transaction.object(typeName: "Case", objectId: "c1")?.values == ["n": .integer(2)])
            #expect(try await transaction.object(typeName: "Case", objectId: "c3") == nil)
            #expect(try await transaction.hasOperation("op2", userId: "u1"))
            #expect(try await !transaction.hasOperation("op3", userId: "u1"))
            #expect(try await Set(transaction.visibleObjectIds(typeName: "Case", visibility: everyone)) == ["c1"], "c2 is u2's own")
            try await transaction.save(Self.object("c3", version: try await transaction.nextVersion()))
        }
        let committed = try await store.changes(typeName: "Case", since: 0, limit: 10, visibility: everyone)
        #expect(committed.map(\.objectId) == ["c1", "c3"] && committed.map(\.version) == [3, 4])
        #expect(committed.first?.values == ["n": .integer(2)] && committed.first?.ownerGroup == "g1")
        let recorded = try await store.write { transaction in
            [try await transaction.hasOperation("op1", userId: "u1"), try await transaction.hasOperation("op2", userId: "u1")]
        }
        #expect(recorded == [true, true])
    }

    @Test("migrate applies every migration once and then nothing; opening again applies nothing", arguments: TestEngine.allCases)
    func migrations(engine: TestEngine) async throws {
        let directory = TemporaryRoot.directory("migrate")
        let url: String? = engine == .postgres ? try await TestPostgres.database() : nil
        let first = try await ServerDataFactory.migrate(database: url, dataDirectory: directory, logger: Self.logger)
        #expect(!first.isEmpty)
        #expect(try await ServerDataFactory.migrate(database: url, dataDirectory: directory, logger: Self.logger).isEmpty)
        let data = try await ServerDataFactory.open(database: url, dataDirectory: directory, logger: Self.logger)
        _ = try await data.appStore(appId: "org.a", version: "1")
        #expect(try await ServerDataFactory.migrate(database: url, dataDirectory: directory, logger: Self.logger).isEmpty)
    }

    @Test("two PostgreSQL instances migrating one new database at once run each migration once")
    func concurrentMigrations() async throws {
        let url = try await TestPostgres.database()
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<3 {
                group.addTask { try await ServerDataFactory.migrate(database: url, dataDirectory: URL(fileURLWithPath: "/nonexistent"), logger: Self.logger) }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(results.filter { !$0.isEmpty }.count == 1, "\(results)")
    }

    @Test("a PostgreSQL database newer than the server is refused, naming both versions")
    func newerDatabaseRefused() async throws {
        let url = try await TestPostgres.database()
        _ = try await ServerDataFactory.postgres(url: url, logger: Self.logger)
        // This server's version: the number of the newest migration it applied.
        let current = try await TestPostgres.query("SELECT MAX(number) FROM strata_migrations", in: url)
        try await TestPostgres.execute("INSERT INTO strata_migrations (number, name) VALUES (99, 'from the future')", in: url)
        let error = await #expect(throws: ServerDataError.self) { try await ServerDataFactory.postgres(url: url, logger: Self.logger) }
        #expect(
            error?.message.contains("schema version 99, newer than this server's \(current)") == true, "\(String(describing: error))")
    }

    @Test("a bad database URL is refused in one line saying what was expected, never showing the password")
    func badURL() async throws {
        for url in ["mysql://u:secret@h/db", "postgres://u:secret@/db", "postgres://h/db", "postgres://u:secret@h", "postgres://u:secret@h/db?sslmode=maybe"] {
            let error = await #expect(throws: ServerDataError.self) { try await ServerDataFactory.postgres(url: url, logger: Self.logger) }
            #expect(error?.code == .invalidConfiguration, "\(url)")
            #expect(error?.message.contains("secret") == false, "\(String(describing: error))")
            #expect(error?.message.contains("\n") == false)
        }
    }
}
