import StrataStore

/// The row counts the store keeps in `_strata_counts` (store format 5), so a status reads a
/// few small rows instead of walking an index of everything it counts.
///
/// Each count is kept exact by SQLite triggers in the same transaction as the rows:
/// - a value-object table's count (key: its type name in lower case, as SQLite compares
///   table names) by `AFTER INSERT` / `AFTER DELETE` triggers created with the table
///   (``typeStatements(typeName:)``, by ``SchemaMigrator``), filled once from `count(*)` when
///   a table made before format 5 gets them;
/// - the journal's rows (``journalKey``) and its rejected ones (``rejectedKey``) by triggers
///   on insert, delete and `UPDATE OF "state"` (``InternalTables``), filled once from
///   `count(*)` by the format-5 step (``StoreMigration``).
///
/// What never fires them and why that is right: an `INSERT … ON CONFLICT DO UPDATE` that
/// updates (the sync applier's upsert) changes no count, and fires no `AFTER INSERT`
/// trigger; the store never writes `INSERT OR REPLACE` into these tables (its hidden delete
/// would fire no delete trigger, as `recursive_triggers` is off). `strata-host store
/// recover` copies rows before it creates the triggers, then refills every count
/// (``refill(_:)``).
///
/// A count is read only when its row exists (``count(_:in:)``): a store written before
/// format 5, or a table no writer of format 5 registered yet, is counted with `count(*)`.
enum StoreCounts {
    /// The table: one row per count.
    static let table = """
        CREATE TABLE IF NOT EXISTS "_strata_counts" ("name" TEXT PRIMARY KEY NOT NULL, "count" INTEGER NOT NULL)
        """

    /// The key of the journal's row count.
    static let journalKey = "_strata_journal"
    /// The key of the journal's rejected changes.
    static let rejectedKey = "_strata_journal.rejected"

    /// The key of a value-object table's count: its type name as SQLite compares it.
    static func key(typeName: String) -> String { typeName.lowercased() }

    /// The journal's triggers (created by ``InternalTables/all``).
    static let journalTriggers = [
        """
        CREATE TRIGGER IF NOT EXISTS "_strata_count_journal_insert" AFTER INSERT ON "_strata_journal" BEGIN
            UPDATE "_strata_counts" SET "count" = "count" + 1 WHERE "name" = '\(journalKey)';
            UPDATE "_strata_counts" SET "count" = "count" + 1 WHERE NEW."state" = 'rejected' AND "name" = '\(rejectedKey)';
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS "_strata_count_journal_delete" AFTER DELETE ON "_strata_journal" BEGIN
            UPDATE "_strata_counts" SET "count" = "count" - 1 WHERE "name" = '\(journalKey)';
            UPDATE "_strata_counts" SET "count" = "count" - 1 WHERE OLD."state" = 'rejected' AND "name" = '\(rejectedKey)';
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS "_strata_count_journal_state" AFTER UPDATE OF "state" ON "_strata_journal"
        WHEN (OLD."state" = 'rejected') <> (NEW."state" = 'rejected') BEGIN
            UPDATE "_strata_counts" SET "count" = "count" + (CASE WHEN NEW."state" = 'rejected' THEN 1 ELSE -1 END)
            WHERE "name" = '\(rejectedKey)';
        END
        """,
    ]

    /// Sets the journal's counts from `count(*)` (a new store's zeros, or an older store's
    /// rows once, in the upgrade's write transaction).
    static let fillJournal = [
        #"INSERT OR REPLACE INTO "_strata_counts" ("name", "count") SELECT '\#(journalKey)', count(*) FROM "_strata_journal""#,
        #"""
        INSERT OR REPLACE INTO "_strata_counts" ("name", "count")
        SELECT '\#(rejectedKey)', count(*) FROM "_strata_journal" WHERE "state" = 'rejected'
        """#,
    ]

    /// The name of a value-object table's count trigger (`insert` or `delete`): in Strata's
    /// reserved `_strata_` namespace, so it never meets a table or index name.
    static func triggerName(typeName: String, _ event: String) -> String {
        "_strata_count_\(typeName)_\(event)"
    }

    /// Whether `typeName`'s table has its count triggers (and so its count row).
    static func hasTriggers(typeName: String, in connection: SQLiteConnection) throws -> Bool {
        try connection.withStatement(
            #"SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name IN (?1, ?2) COLLATE NOCASE"#
        ) { statement in
            statement.bind(triggerName(typeName: typeName, "insert"), at: 1)
            statement.bind(triggerName(typeName: typeName, "delete"), at: 2)
            return try statement.step() && statement.int64(at: 0) == 2
        }
    }

    /// The statements that give `typeName`'s table (existing, or created just before) its
    /// count triggers and fill its count from `count(*)`, in the caller's write transaction.
    static func typeStatements(typeName: String) -> [String] {
        let table = TableDefinition.quote(typeName)
        let key = key(typeName: typeName)
        return [
            """
            CREATE TRIGGER IF NOT EXISTS \(TableDefinition.quote(triggerName(typeName: typeName, "insert"))) AFTER INSERT ON \(table)
            BEGIN UPDATE "_strata_counts" SET "count" = "count" + 1 WHERE "name" = '\(key)'; END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS \(TableDefinition.quote(triggerName(typeName: typeName, "delete"))) AFTER DELETE ON \(table)
            BEGIN UPDATE "_strata_counts" SET "count" = "count" - 1 WHERE "name" = '\(key)'; END
            """,
            #"INSERT OR REPLACE INTO "_strata_counts" ("name", "count") SELECT '\#(key)', count(*) FROM \#(table)"#,
        ]
    }

    /// The read of one kept count (`?1`: its key).
    static let readSQL = #"SELECT "count" FROM "_strata_counts" WHERE "name" = ?1"#

    /// Whether the store has the counts table (a store written before format 5 does not).
    static func exists(in connection: SQLiteConnection) throws -> Bool {
        try connection.integer(#"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_counts'"#) > 0
    }

    /// The kept count under `key`, or `nil` when the store keeps none (an older store, or a
    /// table no writer of format 5 registered yet): the caller counts with `count(*)`.
    static func count(_ key: String, in connection: SQLiteConnection) throws -> Int? {
        guard try exists(in: connection) else { return nil }
        return try connection.withStatement(readSQL) { statement in
            statement.bind(key, at: 1)
            return try statement.step() ? Int(statement.int64(at: 0)) : nil
        }
    }

    /// The journal's kept counts, read together (one snapshot), or `nil` when the store keeps
    /// none (written before format 5).
    static func journalCounts(in connection: SQLiteConnection) throws -> (all: Int, rejected: Int)? {
        guard try exists(in: connection) else { return nil }
        return try connection.withStatement(
            """
            SELECT (SELECT "count" FROM "_strata_counts" WHERE "name" = '\(journalKey)'),
                (SELECT "count" FROM "_strata_counts" WHERE "name" = '\(rejectedKey)')
            """
        ) { statement in
            guard try statement.step(), case .integer(let all) = statement.value(at: 0),
                case .integer(let rejected) = statement.value(at: 1)
            else { return nil }
            return (Int(all), Int(rejected))
        }
    }

    /// Sets every kept count from `count(*)` of what it counts: the journal's, and each table's
    /// that has its count triggers (after `store recover` copied the readable rows and created
    /// the triggers, in its write transaction; rows the damaged file held are not trusted).
    static func refill(_ connection: SQLiteConnection) throws {
        guard try exists(in: connection) else { return }
        try connection.execute(#"DELETE FROM "_strata_counts""#)
        let hasJournal = try connection.integer(
            #"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_journal'"#) > 0
        if hasJournal {
            for sql in fillJournal { try connection.execute(sql) }
        }
        let counted = try connection.withStatement(
            #"SELECT DISTINCT tbl_name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '\_strata\_count\_%' ESCAPE '\'"#
        ) { statement in
            var tables: [String] = []
            while try statement.step() { tables.append(statement.text(at: 0)) }
            return tables
        }
        // Only an ASCII identifier (what a validated type name is) ever becomes SQL text.
        for typeName in counted where isIdentifier(typeName) && !typeName.hasPrefix("_strata_") {
            guard try hasTriggers(typeName: typeName, in: connection) else { continue }
            if let fill = typeStatements(typeName: typeName).last { try connection.execute(fill) }
        }
    }

    /// Each kept count that differs from `count(*)` of what it counts, in words (`strata-host
    /// store check`; only rows written around the triggers, by another program, can cause one).
    static func drift(in connection: SQLiteConnection) throws -> [String] {
        guard try exists(in: connection) else { return [] }
        // One read transaction: the counts and the rows from one snapshot, while others write.
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        let kept = try connection.withStatement(#"SELECT "name", "count" FROM "_strata_counts" ORDER BY "name""#) { statement in
            var rows: [(String, Int64)] = []
            while try statement.step() { rows.append((statement.text(at: 0), statement.int64(at: 1))) }
            return rows
        }
        var problems: [String] = []
        for (key, count) in kept {
            let actual: Int64
            let what: String
            switch key {
            case journalKey:
                (actual, what) = (try connection.integer(#"SELECT count(*) FROM "_strata_journal""#), "changes in the journal")
            case rejectedKey:
                actual = try connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" = 'rejected'"#)
                what = "rejected changes"
            default:
                guard isIdentifier(key), !key.hasPrefix("_strata_") else { continue }
                let tables = try connection.integer(
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '\(key)' COLLATE NOCASE")
                guard tables > 0 else { continue }
                (actual, what) = (try connection.integer("SELECT count(*) FROM \(TableDefinition.quote(key))"), "rows in \(key)")
            }
            if actual != count {
                problems.append(
                    "_strata_counts says \(count) \(what) but there are \(actual) (`strata-host store recover` counts them again)")
            }
        }
        return problems
    }

    /// Whether `text` is `[A-Za-z_][A-Za-z0-9_]*`, the form of every validated type name.
    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else {
            return false
        }
        return text.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
    }
}
