import StrataStore
/// One named step of the store format: the statements that bring an existing store's internal
/// tables from the format before ``version`` to ``version``.
///
/// ``StoreFormat/prepareWritable(_:)`` first creates what a store lacks (``InternalTables/all``,
/// each `IF NOT EXISTS`: a new store gets every table in its current form), then, for a store
/// that already had the internal tables, runs every step above the file's `user_version` in
/// order (``migrate(_:from:)``), all in the one write transaction that stamps the new format:
/// a step that fails rolls the whole upgrade back and leaves the file in its old format.
///
/// A format change is a new step at the end of ``all`` (and ``StoreFormat/currentVersion``
/// raised to its version); steps already released are never edited.
struct StoreMigration: Sendable {
    /// The format this step brings a store to (`PRAGMA user_version` once it ran).
    let version: Int64
    /// What the step does, named in the error when it fails.
    let name: String
    /// The statements, in order.
    let statements: [String]
    /// Columns the step adds to internal tables, each `ALTER TABLE … ADD COLUMN` run only when
    /// the table lacks it (before ``statements``): a store that a test set back to an older
    /// format, keeping its newer columns, upgrades as well.
    var addedColumns: [(table: String, column: String, type: String)] = []
    /// Work the step does in code after ``statements``, given the format the store comes from
    /// (what plain SQL cannot say: which tables exist, which format the file had).
    var run: (@Sendable (SQLiteConnection, _ from: Int64) throws -> Void)? = nil

    /// Every step, oldest first.
    static let all = [
        // Format 2 → 3: the journal learns which changes were ever handed to the server. Rows
        // already there may have been sent, so they count as sent (never coalesced into).
        StoreMigration(
            version: 3, name: "the journal's sent column",
            statements: [
                #"ALTER TABLE "_strata_journal" ADD COLUMN "sent" INTEGER NOT NULL DEFAULT 0"#,
                #"UPDATE "_strata_journal" SET "sent" = 1"#,
            ]),
        // Format 3 → 4: in-flight marks move from the journal rows' `state` to
        // `_strata_journal_claims` (created empty before the steps run). A change left
        // `inFlight` (a crash between claim and acknowledgement) stays claimed, so it is sent
        // again first with its operation id; its row goes back to `pending`, marked sent.
        StoreMigration(
            version: 4, name: "the journal's in-flight marks in _strata_journal_claims",
            statements: [
                #"""
                INSERT INTO "_strata_journal_claims" ("sequence", "operationId")
                SELECT "sequence", "operationId" FROM "_strata_journal" WHERE "state" = 'inFlight'
                """#,
                #"UPDATE "_strata_journal" SET "state" = 'pending', "sent" = 1 WHERE "state" = 'inFlight'"#,
            ]),
        // Format 4 → 5: counts kept in `_strata_counts` (created, with the journal's count
        // triggers, before the steps run), so a status reads a row instead of walking an
        // index. The journal's are filled here, once; each value-object table gets its
        // triggers and its count when a writer next registers its type (``SchemaMigrator``);
        // until then it is counted with count(*).
        StoreMigration(version: 5, name: "the counts in _strata_counts", statements: StoreCounts.fillJournal),
        // Format 5 → 6: conflicts (`_strata_server_versions`, `_strata_acknowledged` and
        // `_strata_conflicts` are created empty before the steps run). Changes already in the
        // journal have no base version (the server treats them as before) and no policy.
        StoreMigration(
            version: 6, name: "the journal's base versions, policies and refused changes' server objects",
            statements: [],
            addedColumns: [
                ("_strata_journal", "baseVersion", "INTEGER"), ("_strata_journal", "policy", "TEXT"),
                ("_strata_journal", "conflictFields", "TEXT"), ("_strata_journal", "current", "BLOB"),
            ]),
        // Format 6 → 7: follow-ups synced from format 6 on; a store of format 5 or older kept
        // them local only, so none was ever sent. Each is listed in `_strata_local_only_rows`
        // (created empty before the steps run), and journaled as an insert when a writer
        // registers the type (``LocalOnlyRows``). A format-6 store's follow-ups went through
        // the journal already: nothing is listed.
        StoreMigration(
            version: 7, name: "the follow-ups saved while they were local only, to be sent", statements: [],
            run: { connection, from in
                if from <= LocalOnlyRows.lastLocalOnlyFormat { try LocalOnlyRows.list(in: connection) }
            }),
        // Format 7 → 8: a new object's pending insert keeps its values in its row, not in the
        // journal (an empty payload, `JournalStoredRow`), which a build of format 7 would read
        // as a damaged payload. Changes already in the journal keep their payloads and read as
        // before; an edit folded into such an insert drops its payload. The journal's index by
        // object loses its `state` column (``InternalTables/journalByObject``).
        StoreMigration(
            version: 8, name: "pending inserts kept by reference to their rows",
            statements: [#"DROP INDEX IF EXISTS "_strata_journal_by_object""#, InternalTables.journalByObject]),
    ]

    /// Runs every step above `version`, oldest first, recording each in `user_version`.
    /// Called inside the upgrade's write transaction.
    static func migrate(_ connection: SQLiteConnection, from version: Int64) throws {
        for step in all where step.version > version {
            do {
                for added in step.addedColumns {
                    let present = try connection.withStatement("SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2") {
                        statement in
                        statement.bind(added.table, at: 1)
                        statement.bind(added.column, at: 2)
                        return try statement.step() ? statement.int64(at: 0) : 0
                    }
                    if present == 0 {
                        try connection.execute("ALTER TABLE \"\(added.table)\" ADD COLUMN \"\(added.column)\" \(added.type)")
                    }
                }
                for sql in step.statements { try connection.execute(sql) }
                try step.run?(connection, version)
                try connection.execute("PRAGMA user_version = \(step.version)")
            } catch let error as DataError {
                throw DataError(
                    error.code,
                    "upgrading \(connection.path) to store format \(step.version) (\(step.name)) failed: \(error.message); "
                        + "the file was left in format \(version)")
            }
        }
    }
}
