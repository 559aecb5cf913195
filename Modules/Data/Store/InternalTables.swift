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
    /// later edits never merge into it (nor into a change claimed right now). Format 6:
    /// `baseVersion` (an update's row's known server version when it was made, see
    /// ``serverVersions``) and `policy` (the type's conflict policy) go on the wire; a change
    /// the server refused for its `fail-if-changed` policy keeps `conflictFields` (comma-separated)
    /// and `current` (the server's object then, sealed JSON) for `SyncConflictStore`.
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
            "sent" INTEGER NOT NULL DEFAULT 0,
            "baseVersion" INTEGER,
            "policy" TEXT,
            "conflictFields" TEXT,
            "current" BLOB)
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

    /// An object's changes, in sequence order (the rowid ends each entry). Format 8 dropped
    /// `state` from its end: no look-up by object needs it from the index, and it cost each
    /// change about 8 bytes.
    static let journalByObject = """
        CREATE INDEX IF NOT EXISTS "_strata_journal_by_object" ON "_strata_journal" ("typeName", "objectId")
        """
    static let journalByState = """
        CREATE INDEX IF NOT EXISTS "_strata_journal_by_state" ON "_strata_journal" ("state", "sequence")
        """

    /// Format 6: the server version each pulled row of a synced type was last written at (a
    /// pulled object's `version`), so an update records the copy it was made on
    /// (`Change/baseVersion`). Kept by pulls and refetches, removed with the row; a row from
    /// before has none (unknown).
    static let serverVersions = """
        CREATE TABLE IF NOT EXISTS "_strata_server_versions" (
            "typeName" TEXT NOT NULL, "objectId" TEXT NOT NULL, "version" INTEGER NOT NULL,
            PRIMARY KEY ("typeName", "objectId"))
        """

    /// Format 6: the operation ids of this device's changes the server acknowledged lately (at
    /// most ``AcknowledgedLedger/limit``, none older than ``AcknowledgedLedger/maxAge``), with the
    /// user who made each: an overwrite notice names the operation it replaced, and only the
    /// device that made it records the conflict.
    static let acknowledged = """
        CREATE TABLE IF NOT EXISTS "_strata_acknowledged" (
            "sequence" INTEGER PRIMARY KEY AUTOINCREMENT, "operationId" TEXT NOT NULL UNIQUE, "ownerUser" TEXT,
            "acknowledgedAt" REAL NOT NULL)
        """
    static let acknowledgedByTime = """
        CREATE INDEX IF NOT EXISTS "_strata_acknowledged_by_time" ON "_strata_acknowledged" ("acknowledgedAt")
        """

    /// Format 6: the overwrites of this device's writes that pulls reported
    /// (`SyncConflictStore`): `payload` is sealed JSON of the fields and both sides' values;
    /// `settledAt` is set once the user settled it (the row stays, so the same notice pulled
    /// again records nothing, until it is older than the server keeps notices).
    static let conflicts = """
        CREATE TABLE IF NOT EXISTS "_strata_conflicts" (
            "id" TEXT PRIMARY KEY NOT NULL, "typeName" TEXT NOT NULL, "objectId" TEXT NOT NULL,
            "operationId" TEXT NOT NULL, "ownerUser" TEXT, "serverVersion" INTEGER NOT NULL, "byAccount" TEXT,
            "payload" BLOB NOT NULL, "detectedAt" REAL NOT NULL, "settledAt" REAL)
        """
    static let conflictsOpen = """
        CREATE INDEX IF NOT EXISTS "_strata_conflicts_open" ON "_strata_conflicts" ("settledAt", "detectedAt")
        """

    /// Format 7: rows saved while their type was local only, so never sent (``LocalOnlyRows``):
    /// the follow-ups a store of format 5 or older kept. A writer that registers the type as
    /// sending changes journals each as an insert, once, and removes it from here.
    static let localOnlyRows = """
        CREATE TABLE IF NOT EXISTS "_strata_local_only_rows" (
            "typeName" TEXT NOT NULL, "objectId" TEXT NOT NULL, PRIMARY KEY ("typeName", "objectId"))
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
        [
            typeVersions, journal, journalClaims, journalByObject, journalByState, log, settings, StoreCounts.table,
            serverVersions, acknowledged, acknowledgedByTime, conflicts, conflictsOpen, localOnlyRows,
        ]
        + StoreCounts.journalTriggers
}
