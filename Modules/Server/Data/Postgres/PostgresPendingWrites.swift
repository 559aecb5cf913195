import PostgresNIO
import StrataWire

/// The rows a ``PostgresAppTransaction`` has written but not yet sent: its recorded operations
/// and saved objects, sent together as one `INSERT … SELECT FROM unnest(…)` per table (two round
/// trips per batch instead of two per change) before the transaction next reads the database and
/// before it commits.
///
/// Only the transaction's body touches it, on its one queue thread, and then the transaction's
/// own task after the body returned (``PostgresAppStore/write(_:)`` awaits the body first).
final class PostgresPendingWrites {
    private var operations: [(userId: String, operationId: String, version: Int64)] = []
    private var objects: [StoredObject] = []
    /// The position in ``objects`` of each object's latest save: a second save of an object in
    /// one batch replaces the first (one statement may not update a row twice).
    private var positions: [String: Int] = [:]

    /// Each object's values as JSON text, beside ``objects``.
    private var jsons: [String] = []

    /// Whether nothing waits to be sent.
    var isEmpty: Bool { operations.isEmpty && objects.isEmpty }

    /// Records that `userId` applied `operationId` at `version`.
    func record(userId: String, operationId: String, version: Int64) {
        operations.append((userId, operationId, version))
    }

    /// Saves `object`, its values already written as `json`.
    func save(_ object: StoredObject, json: String) {
        let key = object.typeName + "\u{0}" + object.objectId
        if let position = positions[key] {
            objects[position] = object
            jsons[position] = json
        } else {
            positions[key] = objects.count
            objects.append(object)
            jsons.append(json)
        }
    }

    /// The statements that write everything pending for `app`, and forgets it.
    func take(app: String) -> [PostgresStatement] {
        var statements: [PostgresStatement] = []
        if !operations.isEmpty {
            var statement = PostgresStatement()
            statement.append(
                """
                INSERT INTO operations (app, user_id, operation_id, version)
                SELECT \(statement.bind(app)), u, o, v FROM unnest(\(statement.bind(operations.map(\.userId)))::text[], \
                \(statement.bind(operations.map(\.operationId)))::text[], \(statement.bind(operations.map(\.version)))::bigint[]) AS x(u, o, v)
                """)
            statements.append(statement)
        }
        if !objects.isEmpty {
            var statement = PostgresStatement()
            statement.append(
                """
                INSERT INTO objects (app, type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version)
                SELECT \(statement.bind(app)), t, o, j::json, s, u, CASE WHEN n THEN NULL ELSE g END, d, v
                FROM unnest(\(statement.bind(objects.map(\.typeName)))::text[], \(statement.bind(objects.map(\.objectId)))::text[], \
                \(statement.bind(jsons))::text[], \(statement.bind(objects.map { Int32($0.scope) }))::integer[], \
                \(statement.bind(objects.map(\.ownerUser)))::text[], \(statement.bind(objects.map { $0.ownerGroup ?? "" }))::text[], \
                \(statement.bind(objects.map { $0.ownerGroup == nil }))::boolean[], \(statement.bind(objects.map(\.deleted)))::boolean[], \
                \(statement.bind(objects.map(\.version)))::bigint[]) AS x(t, o, j, s, u, g, n, d, v)
                ON CONFLICT (app, type_name, object_id) DO UPDATE SET values_json = EXCLUDED.values_json,
                    scope = EXCLUDED.scope, owner_user = EXCLUDED.owner_user, owner_group = EXCLUDED.owner_group,
                    deleted = EXCLUDED.deleted, version = EXCLUDED.version
                """)
            statements.append(statement)
        }
        operations.removeAll()
        objects.removeAll()
        jsons.removeAll()
        positions.removeAll()
        return statements
    }
}
