import Foundation
import PostgresNIO
import StrataWire

/// The writes of one ``PostgresAppTransaction`` not sent yet: a batch's operation ids, objects,
/// narrowings and notices go to the database in one statement (``statement(app:counter:)``),
/// with the app's counter at the commit, before the transaction's next read and before its
/// commit, instead of one round trip per change or per table.
///
/// An object saved twice is sent once, as last saved (its newest version). Owned by its one
/// transaction, whose body uses it one call at a time.
struct PostgresPendingWrites {
    private struct Operation {
        let user_id: String
        let operation_id: String
        let version: Int64
    }

    private struct Object {
        let type_name: String
        let object_id: String
        let values_json: String
        let scope: Int
        let owner_user: String
        let owner_group: String?
        let deleted: Bool
        let version: Int64
        let writers_json: String
        let parent_type: String?
        let parent_id: String?
        /// Known absent from the table when first saved in this buffer: a plain `INSERT`
        /// (no arbiter probe of the key, no speculative insertion), which fails loudly, as a
        /// duplicate, should the row exist after all.
        var isNew: Bool
    }

    private struct Overwrite: Encodable {
        let type_name: String
        let user_id: String
        let version: Int64
        let operation_id: String
        let object_id: String
        let fields_json: String
        let yours_json: String
        let theirs_json: String
        let by_user: String
        let recorded_at: Double
    }

    private struct Narrowing {
        let type_name: String
        let version: Int64
        let object_id: String
        let previous_scope: Int
        let owner_user: String
        let owner_group: String?
    }

    /// Byte for byte, as PostgreSQL's key compares: a canonically equal twin is another object.
    private struct ObjectKey: Hashable {
        let typeName: ExactText
        let objectId: ExactText
    }

    private var operations: [Operation] = []
    private var objects: [ObjectKey: Int] = [:]
    private var objectRows: [Object] = []
    private var narrowings: [Narrowing] = []
    private var overwrites: [Overwrite] = []
    /// Notices recorded before this are removed with the next notices sent.
    private var pruneBefore: Double?

    /// Whether nothing waits to be sent.
    var isEmpty: Bool { operations.isEmpty && objectRows.isEmpty && narrowings.isEmpty && overwrites.isEmpty }

    mutating func recordOperation(_ operationId: String, userId: String, version: Int64) {
        operations.append(Operation(user_id: userId, operation_id: operationId, version: version))
    }

    /// Saves `object`; `isNew` when the transaction knows the table has no row of it (looked
    /// up under the app's lock and not saved since).
    mutating func save(_ object: StoredObject, isNew: Bool) throws {
        let json: String
        if let bytes = WireJSON.values(object.values) {
            json = String(decoding: bytes, as: UTF8.self)
        } else {
            json = String(decoding: try WireCoding.encoder().encode(object.values), as: UTF8.self)
        }
        var row = Object(
            type_name: object.typeName, object_id: object.objectId, values_json: json, scope: object.scope,
            owner_user: object.ownerUser, owner_group: object.ownerGroup, deleted: object.deleted, version: object.version,
            writers_json: FieldWritersJSON.encode(object.writers), parent_type: object.parentType, parent_id: object.parentId,
            isNew: isNew)
        let key = ObjectKey(typeName: ExactText(object.typeName), objectId: ExactText(object.objectId))
        if let index = objects[key] {
            // Saved again before the buffer went: the table holds what it held at the first save.
            row.isNew = objectRows[index].isNew
            objectRows[index] = row
        } else {
            objects[key] = objectRows.count
            objectRows.append(row)
        }
    }

    mutating func recordNarrowing(of previous: StoredObject, at version: Int64) {
        narrowings.append(
            Narrowing(
                type_name: previous.typeName, version: version, object_id: previous.objectId, previous_scope: previous.scope,
                owner_user: previous.ownerUser, owner_group: previous.ownerGroup))
    }

    mutating func recordOverwrite(_ notice: StoredOverwrite) throws {
        let encoder = WireCoding.encoder()
        overwrites.append(
            Overwrite(
                type_name: notice.typeName, user_id: notice.userId, version: notice.version, operation_id: notice.operationId,
                object_id: notice.objectId, fields_json: String(decoding: try encoder.encode(notice.fields), as: UTF8.self),
                yours_json: String(decoding: try encoder.encode(notice.yours), as: UTF8.self),
                theirs_json: String(decoding: try encoder.encode(notice.theirs), as: UTF8.self), by_user: notice.byUser,
                recorded_at: notice.recordedAt.storedSeconds))
        pruneBefore = notice.recordedAt.addingTimeInterval(-StoredOverwrite.keptFor).storedSeconds
    }

    /// One statement that sends everything pending for `app` (each table's rows as one array per
    /// column, ``PostgresColumn``, unpacked by `unnest`, each table's insert a data-modifying
    /// `WITH` part) and, given `counter`, writes the app's counter back in the same round trip;
    /// `nil` when there is nothing to send. Empties the buffer.
    mutating func statement(app: String, counter: Int64?) throws -> PostgresStatement? {
        defer { self = PostgresPendingWrites() }
        guard !isEmpty || pruneBefore != nil || counter != nil else { return nil }
        var statement = PostgresStatement()
        let appBind = statement.bind(app)
        var parts: [String] = []
        if !operations.isEmpty {
            let users = statement.bind(PostgresColumn.text(operations.map(\.user_id)))
            let ids = statement.bind(PostgresColumn.text(operations.map(\.operation_id)))
            let versions = statement.bind(PostgresColumn.int64(operations.map(\.version)))
            parts.append(
                """
                INSERT INTO operations (app, user_id, operation_id, version)
                SELECT \(appBind), r.user_id, r.operation_id, r.version
                FROM unnest(\(users)::text[], \(ids)::text[], \(versions)::int8[]) AS r(user_id, operation_id, version)
                """)
        }
        let (newRows, otherRows) = (objectRows.filter(\.isNew), objectRows.filter { !$0.isNew })
        if !newRows.isEmpty { parts.append(Self.insertObjects(newRows, app: appBind, into: &statement, upsert: false)) }
        if !otherRows.isEmpty { parts.append(Self.insertObjects(otherRows, app: appBind, into: &statement, upsert: true)) }
        if !narrowings.isEmpty {
            let columns = [
                statement.bind(PostgresColumn.text(narrowings.map(\.type_name))) + "::text[]",
                statement.bind(PostgresColumn.int64(narrowings.map(\.version))) + "::int8[]",
                statement.bind(PostgresColumn.text(narrowings.map(\.object_id))) + "::text[]",
                statement.bind(PostgresColumn.int32(narrowings.map { Int32($0.previous_scope) })) + "::int4[]",
                statement.bind(PostgresColumn.text(narrowings.map(\.owner_user))) + "::text[]",
                statement.bind(PostgresColumn.text(narrowings.map(\.owner_group))) + "::text[]",
            ]
            parts.append(
                """
                INSERT INTO narrowings (app, type_name, version, object_id, previous_scope, owner_user, owner_group)
                SELECT \(appBind), r.type_name, r.version, r.object_id, r.previous_scope, r.owner_user, r.owner_group
                FROM unnest(\(columns.joined(separator: ", "))) AS r(type_name, version, object_id, previous_scope,
                    owner_user, owner_group)
                """)
        }
        if let pruneBefore {
            // The notices inserted below are not seen by this delete (one statement, one snapshot),
            // and are newer than the cut anyway.
            parts.append("DELETE FROM overwrites WHERE app = \(appBind) AND recorded_at < \(statement.bind(pruneBefore))")
        }
        if !overwrites.isEmpty {
            let rows = String(decoding: try JSONEncoder().encode(overwrites), as: UTF8.self)
            parts.append(
                """
                INSERT INTO overwrites (app, type_name, user_id, version, operation_id, object_id, fields_json, yours_json,
                    theirs_json, by_user, recorded_at)
                SELECT \(appBind), r.type_name, r.user_id, r.version, r.operation_id, r.object_id, r.fields_json,
                    r.yours_json, r.theirs_json, r.by_user, r.recorded_at
                FROM json_to_recordset(\(statement.bind(rows))::json) AS r(type_name TEXT, user_id TEXT, version BIGINT,
                    operation_id TEXT, object_id TEXT, fields_json TEXT, yours_json TEXT, theirs_json TEXT, by_user TEXT,
                    recorded_at DOUBLE PRECISION)
                ON CONFLICT (app, type_name, user_id, version, operation_id) DO NOTHING
                """)
        }
        let last: String
        if let counter {
            last = "UPDATE app_counters SET value = \(statement.bind(counter)) WHERE app = \(appBind)"
        } else {
            last = "SELECT 1"
        }
        guard !parts.isEmpty else {
            statement.append(last)
            return statement
        }
        let with = parts.enumerated().map { "w\($0.offset) AS (\($0.element))" }.joined(separator: ",\n")
        statement.append("WITH \(with)\n\(last)")
        return statement
    }

    /// The `INSERT` of `rows` into `objects`; with `upsert`, a row already there takes their values.
    private static func insertObjects(_ rows: [Object], app: String, into statement: inout PostgresStatement, upsert: Bool) -> String {
        let columns = [
            statement.bind(PostgresColumn.text(rows.map(\.type_name))) + "::text[]",
            statement.bind(PostgresColumn.text(rows.map(\.object_id))) + "::text[]",
            statement.bind(PostgresColumn.text(rows.map(\.values_json))) + "::text[]",
            statement.bind(PostgresColumn.int32(rows.map { Int32($0.scope) })) + "::int4[]",
            statement.bind(PostgresColumn.text(rows.map(\.owner_user))) + "::text[]",
            statement.bind(PostgresColumn.text(rows.map(\.owner_group))) + "::text[]",
            statement.bind(PostgresColumn.bool(rows.map(\.deleted))) + "::bool[]",
            statement.bind(PostgresColumn.int64(rows.map(\.version))) + "::int8[]",
            statement.bind(PostgresColumn.text(rows.map(\.writers_json))) + "::text[]",
            statement.bind(PostgresColumn.text(rows.map(\.parent_type))) + "::text[]",
            statement.bind(PostgresColumn.text(rows.map(\.parent_id))) + "::text[]",
        ]
        let insert = """
            INSERT INTO objects (
                app, type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version, writers_json,
                parent_type, parent_id)
            SELECT \(app), r.type_name, r.object_id, r.values_json::json, r.scope, r.owner_user,
                r.owner_group, r.deleted, r.version, r.writers_json, r.parent_type, r.parent_id
            FROM unnest(\(columns.joined(separator: ", "))) AS r(type_name, object_id,
                values_json, scope, owner_user, owner_group, deleted, version, writers_json, parent_type, parent_id)
            """
        guard upsert else { return insert }
        return insert + """

            ON CONFLICT (app, type_name, object_id) DO UPDATE SET values_json = EXCLUDED.values_json,
                scope = EXCLUDED.scope, owner_user = EXCLUDED.owner_user, owner_group = EXCLUDED.owner_group,
                deleted = EXCLUDED.deleted, version = EXCLUDED.version, writers_json = EXCLUDED.writers_json,
                parent_type = EXCLUDED.parent_type, parent_id = EXCLUDED.parent_id
            """
    }
}
