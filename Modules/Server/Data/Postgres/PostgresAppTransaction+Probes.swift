/// The batch's look-ups by key, as one index probe per id.
///
/// `key = ANY($ids)` leaves the plan to the statistics, and with a push's 1,000 ids PostgreSQL 15
/// prices 1,000 index descents above reading the app's whole type: on a table of 50,000 objects
/// it chose a sequential scan that hashed the ids (13.7 ms, against 7.9 ms for the probes), and a
/// push of 100,000 then read its table once per batch, more each time, until the table outgrew
/// the estimate. The plan audit (`ServerStatementPlanTests`) prices sequential scans out, so it
/// could not see this; `PostgresLookUpPlanTests` explains these statements on a filled, analyzed
/// table as the planner really plans them.
///
/// Here each id is a `LATERAL` subquery with `LIMIT 1` over the table's primary key, which the
/// planner cannot flatten into a join of the whole table: a nested loop of probes, whatever the
/// table's size. The key is the primary key, so `LIMIT 1` changes no answer.
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

    /// The stored objects of `type` among `ids` (a `text[]` placeholder) in `app`, as
    /// ``PostgresAppStore/columnsWithWriters`` in that order.
    static func storedObjectsSQL(app: String, type: String, ids: String) -> String {
        """
        SELECT stored.* FROM unnest(\(ids)::text[]) AS wanted(id)
        CROSS JOIN LATERAL (
            SELECT \(PostgresAppStore.columnsWithWriters) FROM objects
            WHERE app = \(app) AND type_name = \(type) AND object_id = wanted.id LIMIT 1
        ) AS stored
        """
    }

    /// `1`, `type` and each object id of `ids` whose version in `app` is no longer the one in
    /// `versions` (`-1`: none was stored), both `ids` and `versions` array placeholders.
    static func movedObjectsSQL(app: String, type: String, ids: String, versions: String) -> String {
        """
        SELECT 1, \(type), r.object_id FROM unnest(\(ids)::text[], \(versions)::int8[]) AS r(object_id, version)
        LEFT JOIN LATERAL (
            SELECT version FROM objects WHERE app = \(app) AND type_name = \(type) AND object_id = r.object_id LIMIT 1
        ) AS o ON true
        WHERE COALESCE(o.version, -1) <> r.version
        """
    }
}
