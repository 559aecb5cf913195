import StrataTestSupport
import Testing

/// How ``PlanAudit`` reads plans: what counts as reading a growing table whole, on each engine.
@Suite("plan audit: which plans read a whole table")
struct PlanAuditTests {
    @Test("SQLite: a scan is found through its alias; a search, a virtual table and an unfiltered page are fine")
    func sqlite() {
        let joined = "SELECT o.object_id FROM narrowings n JOIN objects o ON o.object_id = n.object_id WHERE n.version > ?"
        #expect(PlanAudit.sqlite(sql: joined, plan: ["SCAN n", "SEARCH o USING INDEX x (object_id=?)"])?.tables == ["narrowings"])
        #expect(PlanAudit.sqlite(sql: "SELECT * FROM logs", plan: ["SCAN logs USING COVERING INDEX l"])?.tables == ["logs"])
        #expect(PlanAudit.sqlite(sql: "SELECT * FROM logs WHERE id = ?", plan: ["SEARCH logs USING INTEGER PRIMARY KEY (rowid=?)"]) == nil)
        #expect(PlanAudit.sqlite(sql: "SELECT value FROM json_each(?)", plan: ["SCAN json_each VIRTUAL TABLE INDEX 1:"]) == nil)
        #expect(PlanAudit.sqlite(sql: "SELECT * FROM logs ORDER BY id LIMIT ?", plan: ["SCAN logs"]) == nil)
        let filtered = "SELECT * FROM logs WHERE level = ? ORDER BY id LIMIT ?"
        #expect(PlanAudit.sqlite(sql: filtered, plan: ["SCAN logs"])?.tables == ["logs"], "a filter can read every row to fill the page")
        let sorted = "SELECT * FROM logs ORDER BY message LIMIT ?"
        #expect(PlanAudit.sqlite(sql: sorted, plan: ["SCAN logs", "USE TEMP B-TREE FOR ORDER BY"])?.tables == ["logs"])
        #expect(PlanAudit.sqlite(sql: "SELECT * FROM apps", plan: ["SCAN apps"]) == nil, "apps is small (PlanAllowList)")
    }

    @Test("PostgreSQL: a sequential scan or an index scan without a condition is found; a page in index order is fine")
    func postgres() {
        let seq = "Delete on tokens\n  ->  Seq Scan on tokens\n        Filter: (valid_until < $1)"
        #expect(PlanAudit.postgres(sql: "DELETE FROM tokens WHERE valid_until < $1", plan: seq)?.tables == ["tokens"])
        let whole = "Index Only Scan using memberships_pkey on memberships\n  Filter: (group_id = $1)"
        #expect(PlanAudit.postgres(sql: "SELECT user_id FROM memberships WHERE group_id = $1", plan: whole)?.tables == ["memberships"])
        let searched = "Index Scan using memberships_by_group on memberships\n  Index Cond: (group_id = $1)"
        #expect(PlanAudit.postgres(sql: "SELECT user_id FROM memberships WHERE group_id = $1", plan: searched) == nil)
        let page = "Limit\n  ->  Index Scan using logs_pkey on logs"
        #expect(PlanAudit.postgres(sql: "SELECT * FROM logs ORDER BY id LIMIT $1", plan: page) == nil)
        let sortedPage = "Limit\n  ->  Sort\n        Sort Key: message\n        ->  Index Scan using logs_pkey on logs"
        #expect(PlanAudit.postgres(sql: "SELECT * FROM logs ORDER BY message LIMIT $1", plan: sortedPage)?.tables == ["logs"])
    }
}
