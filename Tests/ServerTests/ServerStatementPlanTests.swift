import Foundation
@testable import StrataServerData
import StrataTestSupport
import Testing

/// Every statement the server runs, not a chosen few: ``ServerScenario`` drives the services
/// through what a day of use does, on SQLite and on PostgreSQL; each distinct statement the
/// storage ran is recorded (SQLite: GRDB's trace, ``SQLiteStatementTrace``; PostgreSQL:
/// `pg_stat_statements`, which `scripts/postgres` preloads) and explained. A statement whose
/// plan reads a growing table whole fails, named with its plan (see ``PlanAudit``), unless
/// ``PlanAllowList`` says why it may; and every read of `objects` is a range of one (app's)
/// type's rows.
@Suite("server statement plans: no statement the server runs reads a whole growing table")
struct ServerStatementPlanTests {
    @Test("SQLite: every statement of the scenario, on the file it ran on, searches an index")
    func sqlite() async throws {
        let directory = TemporaryRoot.directory("statement-plans")
        let trace = SQLiteStatementTrace()
        let data = try await SQLiteServerData.open(directory: directory, logger: ServerScenario.logger, trace: trace)
        try await ServerScenario.run(data)
        var findings: [String] = []
        var explained = 0
        for statement in trace.statements {
            let plan: [String]
            do {
                plan = try PullPlanTests.plan(at: statement.file, sql: statement.sql)
            } catch {
                // Only a migration's statement may no longer prepare (a table renamed since).
                #expect(Self.isMigration(statement.sql), "cannot explain \(statement.sql): \(error)")
                continue
            }
            explained += 1
            Self.dump(statement.sql, plan)
            if let finding = PlanAudit.sqlite(sql: statement.sql, plan: plan) { findings.append("\(finding)") }
            // Every read of objects is a range of one type's rows (an app's file holds only its rows),
            // or of one parent's children (a deleted report's follow-ups, of any type).
            for line in plan where line.contains("INDEX objects_by_") || line.contains("INDEX sqlite_autoindex_objects_1") {
                let oneParent = line.contains("INDEX objects_by_parent (parent_type=? AND parent_id=?)")
                #expect(line.contains("(type_name=?") || oneParent, "reads other types' objects: \(statement.sql)\n\(plan)")
            }
        }
        try await data.close()
        #expect(explained > 40, "the scenario ran only \(explained) statements: \(trace.statements.map(\.sql))")
        #expect(findings.isEmpty, "\(findings.count) statements read a growing table whole:\n\(findings.joined(separator: "\n\n"))")
    }

    @Test("PostgreSQL: every statement of the scenario (pg_stat_statements) has an index plan with sequential scans off")
    func postgres() async throws {
        let url = try await TestPostgres.database()
        try await TestPostgres.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", in: url)
        let data = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
        try await ServerScenario.run(data)
        try await data.close()
        let statements = try await Self.postgresStatements(url)
        // Statistics of the scenario's rows, so the planner weighs the indexes as on a real database.
        try await TestPostgres.execute("ANALYZE", in: url)
        var findings: [String] = []
        for sql in statements {
            let parameters = Self.parameterCount(sql)
            let arguments = parameters == 0 ? "" : "(" + Array(repeating: "NULL", count: parameters).joined(separator: ", ") + ")"
            // A generic plan (parameters unknown, as for any value) with sequential scans priced
            // out: a Seq Scan that remains means no index can serve the statement.
            let explain =
                "SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan; PREPARE audited AS \(sql); "
                + "EXPLAIN (COSTS OFF) EXECUTE audited\(arguments)"
            let plan: String
            do {
                plan = try await TestPostgres.query(explain, in: url)
            } catch {
                Issue.record("cannot explain \(sql): \(error)")
                continue
            }
            let lines = plan.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            Self.dump(sql, lines)
            if let finding = PlanAudit.postgres(sql: sql, plan: plan) { findings.append("\(finding)") }
            // Every index read of objects is a range of one app's type (apps share the table).
            for (index, line) in lines.enumerated() where line.contains("Index Scan") && line.contains(" on objects") {
                let condition = lines[(index + 1)...].prefix { !$0.hasPrefix("->") }.first { $0.hasPrefix("Index Cond:") }
                // Or of one parent's children in one app (a deleted report's follow-ups, of any type).
                let oneParent = line.contains("objects_by_parent") && condition?.contains("(parent_type = $") == true
                    && condition?.contains("(parent_id = $") == true
                // Or, in a sub-plan, the parent of the outer row, in the outer row's app: a follow-up
                // is seen only while its report is (ObjectVisibility), the report read by its type
                // and id (a range of that type at worst, when the planner prices a small table so).
                let rowsParent = condition?.range(
                    of: #"^Index Cond: \(\(app = \w+\.app\) AND \(type_name = \w+\.parent_type\)"#, options: .regularExpression) != nil
                #expect(
                    (condition?.hasPrefix("Index Cond: ((app = $") == true && (condition?.contains("(type_name = $") == true || oneParent))
                        || rowsParent,
                    "reads other apps' or types' objects: \(sql)\n\(plan)")
            }
        }
        #expect(statements.count > 40, "the scenario ran only \(statements.count) statements: \(statements)")
        #expect(findings.isEmpty, "\(findings.count) statements read a growing table whole:\n\(findings.joined(separator: "\n\n"))")
    }

    /// The statements `pg_stat_statements` saw in the database `url` that have a plan (queries
    /// and writes; not transaction control, DDL or this test's own looks), as PostgreSQL
    /// normalised them (constants become `$n`). Read as hex: a statement may span lines.
    static func postgresStatements(_ url: String) async throws -> [String] {
        let rows = try await TestPostgres.query(
            """
            SELECT encode(convert_to(query, 'UTF8'), 'hex') FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY queryid
            """, in: url)
        return rows.split(separator: "\n").compactMap { hex -> String? in
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index < hex.endIndex {
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            let sql = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let verb = sql.prefix { $0.isLetter }.uppercased()
            guard ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains(verb),
                !sql.contains("pg_stat_statements"), !sql.contains("pg_database"), !sql.contains("pg_catalog")
            else { return nil }
            return sql
        }
    }

    /// The highest `$n` in `sql`.
    static func parameterCount(_ sql: String) -> Int {
        var highest = 0
        var rest = sql[...]
        while let dollar = rest.firstIndex(of: "$") {
            let digits = rest[rest.index(after: dollar)...].prefix { $0.isNumber }
            highest = max(highest, Int(digits) ?? 0)
            rest = rest[rest.index(after: dollar)...]
        }
        return highest
    }

    static func isMigration(_ sql: String) -> Bool {
        ["CREATE", "DROP", "ALTER", "INSERT INTO operations_per_user", "PRAGMA user_version ="].contains { sql.uppercased().hasPrefix($0.uppercased()) }
    }

    /// Prints each statement and its plan when `STRATA_PLAN_DUMP` is set (to read them all).
    static func dump(_ sql: String, _ plan: [String]) {
        if ProcessInfo.processInfo.environment["STRATA_PLAN_DUMP"] != nil { print("\(sql)\n  → \(plan)\n") }
    }
}
