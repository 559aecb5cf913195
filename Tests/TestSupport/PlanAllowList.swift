/// The one place that says which whole-table reads are fine (see ``PlanAudit``): tables that
/// cannot grow with users' data, and statements that must read a whole table. Each entry says
/// why. A statement or table added here needs a reason a reviewer can check; everything not
/// here is a table that grows (objects, journal, logs, type tables, sessions, tokens, devices,
/// push messages …), so a new table is checked until someone argues otherwise.
public enum PlanAllowList {
    /// Tables (lowercased) whose size does not grow with users' data, and why.
    public static let smallTables: [String: String] = [
        // Client store.
        "_strata_settings": "a few settings per store (log level, sync cursors and device ids per type and user)",
        "_strata_type_versions": "one row per registered type",
        "sqlite_master": "the schema: one row per table and index",
        "sqlite_schema": "the schema: one row per table and index",
        "sqlite_sequence": "one row per AUTOINCREMENT table",
        "_strata_journal_claims": "only the changes in flight: at most the claim limits of the senders running now",
        // Server (both engines).
        "counter": "one row: the app database's change counter",
        "app_counters": "one row per app version",
        "strata_migrations": "one row per migration",
        "apps": "one row per app version an administrator created",
        "groups": "one row per group an administrator created",
        "templates": "one row per push template an administrator saved",
        "administrators": "one row per user an operator made an administrator (`admin administrator grant`)",
    ]

    /// Statements that must read a growing table whole: a fragment of the statement, the table
    /// (`*`: any), and why it is fine.
    public static let scanningStatements: [(fragment: String, table: String, reason: String)] = [
        // Client store: schema migrations (SchemaMigrator.finishMigration), once per declaration change.
        (#"SET "_storedAt" = "#, "*", "a type's migration stamps rows stored before `_storedAt` existed: once per schema change"),
        (#"WHERE typeof("#, "*", "a type's migration seals plaintext left in a key that became encrypted: once per schema change"),
        // Client store: domain calls whose answer is every row of a type (the cost is the answer).
        (
            #"FROM "CaseReport" ORDER BY "createdAt" DESC, "objectId" DESC"#, "CaseReport",
            "reports.search: a substring of an encrypted name or memo, which no index can serve; it decrypts every report"
        ),
        (#"FROM "FollowUp" ORDER BY "date" ASC, "objectId" ASC"#, "FollowUp", "followUps.list(reportID: nil) returns every follow-up"),
        (
            #"FROM "NotificationRecord" ORDER BY "receivedAt" DESC, "objectId" DESC"#, "NotificationRecord",
            "notifications.list returns every notification (unread ones: the isRead index)"
        ),
        // Client store: once per type, when a writer registers a table that is new (empty) or
        // predates store format 5: its kept count is filled from count(*) (StoreCounts).
        (#"INSERT OR REPLACE INTO "_strata_counts" ("name", "count") SELECT"#, "*", "a type's kept count filled once when its triggers are created"),
        // Client store: deleteAll's answer is every row of the type.
        (#"DELETE FROM "Draft""#, "Draft", "deleteAll deletes every row of its type (row by row: the count triggers see each)"),
        // Client store: the server lowered the log level; what it no longer collects goes, once per change.
        (#"DELETE FROM "_strata_log" WHERE "level" > ?1"#, "_strata_log", "setCollectionLevel drops the entries above the new level, once per level change"),
        // Server: administrator's lists whose answer is the whole table.
        ("FROM users ORDER BY account", "users", "`strata-server admin users` lists every user"),
        ("FROM tokens ORDER BY user_id", "tokens", "`strata-server admin sessions` (no --user) lists every unexpired session"),
        ("FROM devices ORDER BY app_id, app_version, device_id", "devices", "`strata-server admin devices` (no --user) lists every device"),
        (#"FROM devices\#nORDER BY app_id COLLATE "C""#, "devices", "`strata-server admin devices` (no --user) lists every device"),
    ]

    /// Whether `statement` may read `table` whole.
    public static func allows(statement: String, scanning table: String) -> Bool {
        if smallTables[table.lowercased()] != nil { return true }
        return scanningStatements.contains {
            ($0.table == "*" || $0.table.lowercased() == table.lowercased()) && statement.contains($0.fragment)
        }
    }
}
