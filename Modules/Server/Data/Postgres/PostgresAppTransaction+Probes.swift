/// The batch's look-up of its operation ids, as one probe of the primary key per id.
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
/// The batch's objects are still looked up with `= ANY`. Written as probes, they were five times
/// slower in `strata-bench-sync --engine postgres` (1,200 changes/s against 6,600): `objects` has
/// five more indexes that begin with the app and the type, and without statistics the planner
/// guesses that prefix matches one row, so it probed through `objects_by_group` and filtered
/// every row of the type, once per id. `= ANY` reads the type at most once per batch.
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
}
