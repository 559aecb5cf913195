import StrataStore

/// The journal's bounded ledger of this device's acknowledged operation ids
/// (``InternalTables/acknowledged``): an overwrite notice names the operation whose fields
/// were replaced, and only the device that made it (the one whose ledger has it) records the
/// conflict. The newest ``limit`` ids are kept, none older than ``maxAge``: the server prunes
/// its notices after 30 days too.
enum AcknowledgedLedger {
    /// The most ids kept.
    static let limit: Int64 = 10_000
    /// Seconds an id is kept (30 days).
    static let maxAge: Double = 30 * 24 * 3600

    /// Records the claimed journal changes among `ids` (a JSON array of operation ids) as
    /// acknowledged at `now`, with their users, and drops what the bounds no longer keep.
    /// Runs inside the acknowledgement's write transaction, before the journal rows go.
    static func record(_ ids: String, now: Double, in connection: SQLiteConnection) throws {
        try connection.withStatement(
            #"""
            INSERT OR IGNORE INTO "_strata_acknowledged" ("operationId", "ownerUser", "acknowledgedAt")
            SELECT j."operationId", j."ownerUser", ?2 FROM json_each(?1) AS acknowledged
            CROSS JOIN "_strata_journal" AS j ON j."operationId" = acknowledged."value"
            WHERE j."operation" IN ('update', 'insert')
              AND EXISTS (SELECT 1 FROM "_strata_journal_claims" AS c WHERE c."sequence" = j."sequence")
            """#
        ) { statement in
            statement.bind(.text(ids), at: 1)
            statement.bind(.real(now), at: 2)
            try statement.step()
        }
        guard connection.changes > 0 else { return }
        try connection.withStatement(
            #"""
            DELETE FROM "_strata_acknowledged"
            WHERE "sequence" <= (SELECT max("sequence") FROM "_strata_acknowledged") - ?1
            """#
        ) { statement in
            statement.bind(.integer(limit), at: 1)
            try statement.step()
        }
        try connection.withStatement(#"DELETE FROM "_strata_acknowledged" WHERE "acknowledgedAt" < ?1"#) { statement in
            statement.bind(.real(now - maxAge), at: 1)
            try statement.step()
        }
    }

    /// Whether `operationID` is in the ledger, and the user who made it.
    static func entry(_ operationID: String, in connection: SQLiteConnection) throws -> (found: Bool, ownerUser: String?) {
        try connection.withStatement(#"SELECT "ownerUser" FROM "_strata_acknowledged" WHERE "operationId" = ?1"#) { statement in
            statement.bind(operationID, at: 1)
            guard try statement.step() else { return (false, nil) }
            return (true, String(fieldValue: statement.value(at: 0)))
        }
    }
}
