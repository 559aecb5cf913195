import CSQLite
import Foundation
import Logging
@testable import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// A pull reads only the rows its caller may see: each visibility branch is one range of its
/// own index in version order, never a scan of the type's rows (others' rows), on SQLite
/// (`EXPLAIN QUERY PLAN`) and PostgreSQL (`EXPLAIN`); and it returns exactly what filtering
/// every row by ``ObjectVisibility/canSee(_:)`` would.
@Suite("server pull plans: a pull never reads others' rows")
struct PullPlanTests {
    static let logger = Logger(label: "strata-pull-plan-test") { _ in SwiftLogNoOpLogHandler() }

    /// 600 objects of other users in another group (group and user scope), 30 visible to all,
    /// 20 of `me` (some also visible to all), 40 of `mine`'s group: one write each, in turn.
    static func fill(_ store: any AppObjectStore) async throws -> [StoredObject] {
        try await store.write { transaction in
            var saved: [StoredObject] = []
            for index in 0..<690 {
                let (owner, group, scope): (String, String?, Int) =
                    switch index % 23 {
                    case 0: ("other\(index % 7)", "g-other", 3)
                    case 1: ("me", nil, index % 2 == 0 ? 3 : 1)
                    case 2, 3: ("other\(index % 5)", "g-mine", index % 3 == 0 ? 1 : 2)
                    default: ("other\(index % 11)", index % 2 == 0 ? "g-other" : nil, index % 4 == 0 ? 1 : 2)
                    }
                let object = StoredObject(
                    typeName: "Case", objectId: "c\(index)", values: ["n": .integer(Int64(index))], scope: scope,
                    ownerUser: owner, ownerGroup: group, deleted: false, version: try await transaction.nextVersion())
                try await transaction.save(object)
                saved.append(object)
            }
            return saved
        }
    }

    static let callers = [
        ObjectVisibility(userId: "nobody", groupIds: []),
        ObjectVisibility(userId: "nobody", groupIds: ["g-none"]),
        ObjectVisibility(userId: "me", groupIds: ["g-mine", "g-mine"]),
        ObjectVisibility(userId: "other3", groupIds: ["g-other", "g-mine"]),
        // Narrowed by a pull's scope (a client's auto-refresh scope): group, then user.
        ObjectVisibility(userId: "me", groupIds: ["g-mine", "g-mine"], widestScope: 2),
        ObjectVisibility(userId: "other3", groupIds: ["g-other", "g-mine"], widestScope: 2),
        ObjectVisibility(userId: "other3", groupIds: ["g-other", "g-mine"], widestScope: 1),
    ]

    @Test("a narrowed visibility never sees more than the whole one, and sees exactly others' objects of its scopes")
    func narrowedIsNarrower() async throws {
        let data = try await TestEngine.sqlite.open(directory: TemporaryRoot.directory("pull-plan"), logger: Self.logger)
        let all = try await Self.fill(try await data.appStore(appId: "org.plan", version: "1"))
        for caller in Self.callers where caller.widestScope < 3 {
            var whole = caller
            whole.widestScope = 3
            let narrowed = all.filter(caller.canSee)
            #expect(narrowed.allSatisfy(whole.canSee))
            #expect(narrowed.allSatisfy { $0.ownerUser == caller.userId || $0.scope <= caller.widestScope })
            #expect(all.filter { whole.canSee($0) && ($0.ownerUser == caller.userId || $0.scope <= caller.widestScope) }.count == narrowed.count)
        }
        try await data.close()
    }

    @Test("a pull returns exactly the visible objects in version order, page by page", arguments: TestEngine.allCases)
    func pullMatchesVisibility(engine: TestEngine) async throws {
        let data = try await engine.open(directory: TemporaryRoot.directory("pull-plan"), logger: Self.logger)
        let store = try await data.appStore(appId: "org.plan", version: "1")
        let all = try await Self.fill(store)
        for caller in Self.callers {
            let expected = all.filter(caller.canSee).map(\.objectId)
            var pulled: [String] = []
            var since: Int64 = 0
            while true {
                let page = try await store.changes(typeName: "Case", since: since, limit: 25, visibility: caller)
                guard let last = page.last else { break }
                pulled += page.map(\.objectId)
                since = last.version
            }
            #expect(pulled == expected, "\(caller)")
        }
        try await data.close()
    }

    @Test("SQLite: each visibility branch searches its own index; objects are never scanned")
    func sqlitePlan() async throws {
        let directory = TemporaryRoot.directory("pull-plan")
        let data = try await ServerDataFactory.sqlite(directory: directory, logger: Self.logger)
        _ = try await Self.fill(try await data.appStore(appId: "org.plan", version: "1"))
        let path = directory.appendingPathComponent("apps/org.plan@1.sqlite").path
        for caller in Self.callers {
            let plan = try Self.plan(at: path, sql: SQLiteAppStore.pullSQL(caller))
            #expect(plan.contains { $0.contains("USING INDEX objects_by_owner_user (type_name=? AND owner_user=? AND version>?)") })
            #expect(
                plan.contains { $0.contains("USING INDEX objects_by_scope (type_name=? AND scope=? AND version>?)") } == caller.seesAll,
                "\(caller): \(plan)")
            #expect(
                plan.filter { $0.contains("USING INDEX objects_by_group") }.count == caller.distinctGroupIds.count, "\(caller): \(plan)")
            if !caller.distinctGroupIds.isEmpty {
                #expect(
                    plan.filter { $0.contains("USING INDEX objects_by_group (type_name=? AND owner_group=? AND scope=? AND version>?)") }
                        .count == caller.distinctGroupIds.count)
            }
            #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
            #expect(!plan.contains { $0.contains("objects_by_version") }, "\(plan)")
        }
        try await data.close()
    }

    @Test("PostgreSQL: each visibility branch reads a page of its own index in version order, merged by version; objects are never scanned")
    func postgresPlan() async throws {
        let url = try await TestPostgres.database()
        let data = try await ServerDataFactory.postgres(url: url, logger: Self.logger)
        _ = try await Self.fill(try await data.appStore(appId: "org.plan", version: "1"))
        try await TestPostgres.execute("ANALYZE objects", in: url)
        for caller in Self.callers {
            let statement = PostgresAppStore.pullStatement(
                app: "org.plan@1", typeName: "Case", since: 0, limit: 100, visibility: caller)
            // The values in the statement's order (see `pullStatement`), as SQL literals.
            let visibleGroups = caller.visibleGroupIds
            let groups = "'{\(visibleGroups.joined(separator: ","))}'"
            // A follow-up's parent is judged by every group of the caller (`parentClause`).
            let parent = ["'\(caller.userId)'"] + (caller.groupIds.isEmpty ? [] : ["'{\(caller.groupIds.joined(separator: ","))}'"])
            let values =
                ["'org.plan@1'", "'Case'", "0", "'\(caller.userId)'", "100"] + parent + caller.distinctGroupIds.map { "'\($0)'" }
                + ["'\(caller.userId)'"] + (visibleGroups.isEmpty ? [] : [groups])
                + ["'\(caller.userId)'"] + (visibleGroups.isEmpty ? [] : [groups]) + parent
            // A few hundred rows are cheaper to scan than to search: forbid the scan, so the
            // plan shows which indexes serve the query (what a large table gets anyway).
            let prepare = "SET enable_seqscan = off; PREPARE pull AS \(statement.sql); "
            let execute = "EXPLAIN (COSTS OFF) EXECUTE pull(\(values.joined(separator: ", ")))"
            let plan = try await TestPostgres.query(prepare + execute, in: url)
            // An index scan, or a bitmap index scan (fewer rows, sorted after), of `index`.
            func uses(_ index: String) -> Int {
                plan.components(separatedBy: "Index Scan on \(index)").count - 1
                    + plan.components(separatedBy: "Index Scan using \(index) on objects").count - 1
            }
            #expect(uses("objects_by_owner_user") == 1, "\(plan)")
            #expect(uses("objects_by_scope") == (caller.seesAll ? 1 : 0), "\(plan)")
            #expect(uses("objects_by_group") == caller.distinctGroupIds.count, "\(plan)")
            #expect(!plan.contains("Seq Scan on objects"), "\(plan)")
            #expect(!plan.contains("objects_by_version"), "\(plan)")
            // Each branch reads its own page in version order straight from its index (a
            // Limit right above the index scan, no sort), and the pages are merged by version:
            // a pull reads at most a page per branch, however much the caller may see.
            let ordered = try await TestPostgres.query(
                "SET enable_seqscan = off; SET enable_bitmapscan = off; " + prepare + execute, in: url)
            let lines = ordered.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let scans = lines.indices.filter { lines[$0].hasPrefix("->  Index Scan using objects_by_") }
            #expect(scans.count == 1 + (caller.seesAll ? 1 : 0) + caller.distinctGroupIds.count, "\(ordered)")
            #expect(scans.allSatisfy { lines[$0 - 1] == "->  Limit" }, "\(ordered)")
            #expect(ordered.contains("Merge Append"), "\(ordered)")
            #expect(!ordered.contains("Seq Scan on objects"), "\(ordered)")
        }
        try await data.close()
    }

    /// The `detail` lines of `EXPLAIN QUERY PLAN sql` (its parameters unbound) on the database at `path`.
    static func plan(at path: String, sql: String) throws -> [String] {
        var db: OpaquePointer?
        var statement: OpaquePointer?
        defer {
            sqlite3_finalize(statement)
            sqlite3_close(db)
        }
        guard sqlite3_open(path, &db) == SQLITE_OK,
            sqlite3_prepare_v2(db, "EXPLAIN QUERY PLAN " + sql, -1, &statement, nil) == SQLITE_OK
        else {
            throw WireError(error: "sqlite", reason: String(cString: sqlite3_errmsg(db)))
        }
        var details: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            details.append(String(cString: sqlite3_column_text(statement, 3)))
        }
        return details
    }
}
