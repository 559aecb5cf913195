/// The batch's look-ups of its operation ids and its objects, as one probe of the primary key per id.
///
/// `operation_id = ANY($ids)` leaves the plan to the statistics, and with a push's 1,000 ids
/// PostgreSQL 15 prices 1,000 index descents above reading the user's whole history: on an
/// analyzed table of 50,000 operation ids it chose a sequential scan that hashed the ids
/// (13.8–14.1 ms, against 8.1–8.7 ms for the probes), and a push of 100,000 read the table once per
/// batch, more each time. The plan audit (`ServerStatementPlanTests`) prices sequential scans
/// out, so it could not see this; `PostgresLookUpPlanTests` plans this statement as the
/// planner really does, on a filled table with and without statistics.
///
/// Each id is a `LATERAL` subquery with `LIMIT 1`, which the planner cannot flatten into a join
/// of the whole table: a nested loop of probes. `operations` has one index, its primary key, so
/// the probe has nothing else to choose, with statistics or without (a new or restored database
/// before autovacuum's first `ANALYZE`). The key is the primary key: `LIMIT 1` changes no answer.
///
/// The batch's objects are probed the same way, through `objects_pkey`, once the planner has
/// statistics for `objects` (``PostgresPlannerStatistics``). `objects` has four more indexes that
/// begin with the app and the type, and without statistics the planner guesses that prefix
/// matches one row, so every one of them looks as good as the key: it probed through
/// `objects_by_group` and filtered every row of the type, once per id (push fell to 1,200
/// changes/s). Until then they are asked with `= ANY`, which reads the type at most once per
/// batch — once per batch, so more as the type grows.
extension PostgresAppTransaction {
    /// The operation ids among `ids` (a `text[]` placeholder) that `user` recorded in `app`.
    static func appliedOperationsSQL(app: String, user: String, ids: String) -> String {
        """
        SELECT applied.operation_id FROM unnest(\(ids)::text[]) AS wanted(id)
        CROSS JOIN LATERAL (
            SELECT operation_id FROM operations WHERE app = \(app) AND user_id = \(user) AND operation_id = wanted.id LIMIT 1
        ) AS applied
        """
    }

    /// The objects among `ids` (a `text[]` placeholder) of `type` in `app`, one probe of
    /// `objects_pkey` per id, with ``PostgresAppStore/columnsWithWriters``.
    static func objectProbesSQL(app: String, type: String, ids: String) -> String {
        """
        SELECT found.* FROM unnest(\(ids)::text[]) AS wanted(id)
        CROSS JOIN LATERAL (
            SELECT \(PostgresAppStore.columnsWithWriters) FROM objects
            WHERE app = \(app) AND type_name = \(type) AND object_id = wanted.id LIMIT 1
        ) AS found
        """
    }

    /// The ids among `ids` of `type` whose version is no longer the one in `versions` (`-1`:
    /// none stored), each row `1, type, id`: what the look-ups made before the lock found and a
    /// writer changed since. With `probes`, one probe of `objects_pkey` per id, as the
    /// look-ups once the planner has statistics; else a join, which reads the type once.
    static func movedObjectsSQL(app: String, type: String, ids: String, versions: String, probes: Bool) -> String {
        let found =
            probes
            ? """
            LEFT JOIN LATERAL (
                SELECT version FROM objects WHERE app = \(app) AND type_name = \(type) AND object_id = r.object_id LIMIT 1
            ) AS o ON true
            """
            : "LEFT JOIN objects o ON o.app = \(app) AND o.type_name = \(type) AND o.object_id = r.object_id"
        return """
            SELECT 1, \(type), r.object_id FROM unnest(\(ids)::text[], \(versions)::int8[]) AS r(object_id, version)
            \(found)
            WHERE COALESCE(o.version, -1) <> r.version
            """
    }
}
