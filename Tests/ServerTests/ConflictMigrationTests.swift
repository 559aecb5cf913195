import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// The field writers and overwrite notices come with a recorded migration on both engines: a
/// database from before keeps its objects, which have no writers, so no write to them is ever
/// taken for a concurrent one.
@Suite("the conflict migration keeps existing objects, which never conflict")
struct ConflictMigrationTests {
    static let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }

    /// A database of `engine` migrated up to just before the conflict migration (and the object
    /// parents' and the compact field writers' after it), holding one
    /// CaseReport `r` (age 44, version 1) owned by `alice` in group `g1`; reopened (which runs
    /// the migration), the data layer.
    static func oldDatabase(_ engine: TestEngine) async throws -> any ServerDataLayer {
        switch engine {
        case .sqlite:
            let directory = TemporaryRoot.directory("server-conflicts")
            let layer = try await ServerDataFactory.sqlite(directory: directory, logger: logger)
            _ = try await layer.appStore(appId: "org.example", version: "1")
            try await layer.close()
            let path = directory.appendingPathComponent("apps/org.example@1.sqlite").path
            let version = try OperationIdTests.texts(at: path, sql: "PRAGMA user_version").first.flatMap { Int($0) } ?? 0
            try OperationIdTests.execute(
                at: path,
                sql: """
                    DROP TABLE overwrites;
                    ALTER TABLE objects DROP COLUMN writers_json;
                    DROP INDEX objects_by_parent;
                    ALTER TABLE objects DROP COLUMN parent_type;
                    ALTER TABLE objects DROP COLUMN parent_id;
                    PRAGMA user_version = \(version - 3);
                    INSERT INTO objects VALUES ('CaseReport', 'r', '{"age":["i",44]}', 2, 'alice', 'g1', 0, 1);
                    UPDATE counter SET value = 1;
                    """)
            return try await ServerDataFactory.sqlite(directory: directory, logger: logger)
        case .postgres:
            let url = try await TestPostgres.database()
            let layer = try await ServerDataFactory.postgres(url: url, logger: logger)
            _ = try await layer.appStore(appId: "org.example", version: "1")
            try await layer.close()
            try await TestPostgres.execute(
                """
                DROP TABLE overwrites;
                ALTER TABLE objects DROP COLUMN writers_json;
                ALTER TABLE objects DROP COLUMN parent_type;
                ALTER TABLE objects DROP COLUMN parent_id;
                DELETE FROM strata_migrations WHERE name IN ('field writers and overwrite notices', 'object parents', 'compact field writers');
                INSERT INTO objects VALUES ('org.example@1', 'CaseReport', 'r', '{"age":["i",44]}', 2, 'alice', 'g1', FALSE, 1);
                UPDATE app_counters SET value = 1 WHERE app = 'org.example@1';
                """, in: url)
            return try await ServerDataFactory.postgres(url: url, logger: logger)
        }
    }

    static func session(_ userId: String) -> ServerSession {
        ServerSession(
            tokenHash: userId, userId: userId, appId: "org.example", appVersion: "1",
            groups: [WireGroupRole(groupId: "g1", groupName: "nurses", roleName: "member")], validUntil: .distantFuture)
    }

    static func update(_ values: [String: WireValue], baseVersion: Int64, policy: String? = nil) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: "r", operation: "update", values: values, scope: 2,
            fields: Array(values.keys), baseVersion: baseVersion, policy: policy)
    }

    @Test("an object stored before the migration keeps its values and never conflicts; the next writes do", arguments: TestEngine.allCases)
    func oldObjectNeverConflicts(engine: TestEngine) async throws {
        let data = try await Self.oldDatabase(engine)
        let store = try await data.appStore(appId: "org.example", version: "1")
        let old = try #require(try await store.object(typeName: "CaseReport", objectId: "r"))
        #expect(old.values == ["age": .integer(44)] && old.version == 1 && old.ownerUser == "alice")
        let services = ServerDomainFactory.make(data: data, clock: SystemClock(), logger: Self.logger)
        let (alice, carol) = (Self.session("alice"), Self.session("carol"))
        // Both on version 1; the object's writers are unknown: the later write is not concurrent.
        let first = try await services.objects.push(PushRequest(changes: [Self.update(["age": .integer(50)], baseVersion: 1)]), session: alice)
        #expect(first.results.map(\.status) == ["applied"])
        let strict = Self.update(["memo": .text("m")], baseVersion: 1, policy: "fail-if-changed")
        #expect(try await services.objects.push(PushRequest(changes: [strict]), session: carol).results.map(\.status) == ["applied"])
        #expect(try await store.overwrites(
            typeName: "CaseReport", userId: "alice", since: 0, through: 100, visibility: ObjectVisibility(userId: "alice", groupIds: ["g1"]), limit: 500).isEmpty)
        // From now on the fields have writers: carol's write of age on version 1 replaces alice's.
        let refused = try await services.objects.push(
            PushRequest(changes: [Self.update(["age": .integer(51)], baseVersion: 1, policy: "fail-if-changed")]), session: carol)
        #expect(refused.results.first?.conflictFields == ["age"])
        let current = try #require(try await store.object(typeName: "CaseReport", objectId: "r"))
        #expect(current.values == ["age": .integer(50), "memo": .text("m")])
        try await data.close()
    }
}
