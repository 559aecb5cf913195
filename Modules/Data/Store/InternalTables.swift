/// The tables Strata keeps beside the value-object tables (all names start with `_strata_`,
/// which value-object keys and type names can never take).
enum InternalTables {
    /// One row per value-object type: a counter bumped by every commit that changes the type,
    /// so other processes learn what changed without reading the type's table.
    static let typeVersions = """
        CREATE TABLE IF NOT EXISTS "_strata_type_versions" (
            "typeName" TEXT PRIMARY KEY NOT NULL, "version" INTEGER NOT NULL)
        """

    /// The change journal (outbox): see ``JournalWriter`` and ``SQLiteChangeJournal``.
    /// `state` is `pending` or `rejected`; a pending change with a row in ``journalClaims`` is
    /// in flight. `sent` is 1 once a claimed change left its claim without being acknowledged
    /// (put back or rejected): the server may have applied it even if no answer came back, so
    /// later edits never merge into it (nor into a change claimed right now).
    static let journal = """
        CREATE TABLE IF NOT EXISTS "_strata_journal" (
            "sequence" INTEGER PRIMARY KEY AUTOINCREMENT,
            "operationId" TEXT NOT NULL UNIQUE,
            "typeName" TEXT NOT NULL,
            "objectId" TEXT NOT NULL,
            "operation" TEXT NOT NULL,
            "payload" BLOB NOT NULL,
            "scope" INTEGER NOT NULL,
            "ownerUser" TEXT,
            "ownerGroup" TEXT,
            "state" TEXT NOT NULL DEFAULT 'pending',
            "reason" TEXT,
            "createdAt" REAL NOT NULL,
            "updatedAt" REAL NOT NULL,
            "sent" INTEGER NOT NULL DEFAULT 0)
        """

    /// The journal's in-flight marks (format 4): one small row per change claimed for sending,
    /// so a claim writes a few pages of these instead of rewriting each ~400-byte journal row
    /// (and moving it in two indexes), and the acknowledgement deletes them with the rows.
    /// `operationId` is the journal row's, so a claim can leave out the batch in flight
    /// without reading its journal rows.
    static let journalClaims = """
        CREATE TABLE IF NOT EXISTS "_strata_journal_claims" (
            "sequence" INTEGER PRIMARY KEY NOT NULL, "operationId" TEXT NOT NULL)
        """

    static let journalByObject = """
        CREATE INDEX IF NOT EXISTS "_strata_journal_by_object" ON "_strata_journal" ("typeName", "objectId", "state")
        """
    static let journalByState = """
        CREATE INDEX IF NOT EXISTS "_strata_journal_by_state" ON "_strata_journal" ("state", "sequence")
        """

    /// Error and monitor logs kept for upload.
    static let log = """
        CREATE TABLE IF NOT EXISTS "_strata_log" (
            "sequence" INTEGER PRIMARY KEY AUTOINCREMENT, "level" INTEGER NOT NULL, "message" TEXT NOT NULL,
            "metadata" TEXT NOT NULL, "loggedAt" REAL NOT NULL)
        """

    /// Small persisted settings (the log collection level, …).
    static let settings = """
        CREATE TABLE IF NOT EXISTS "_strata_settings" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)
        """

    /// Every statement, in order: the tables, then the counts (format 5, ``StoreCounts``) and
    /// the journal's count triggers.
    static let all =
        [typeVersions, journal, journalClaims, journalByObject, journalByState, log, settings, StoreCounts.table]
        + StoreCounts.journalTriggers
}
