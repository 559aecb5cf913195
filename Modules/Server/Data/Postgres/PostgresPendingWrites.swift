import Foundation
import PostgresNIO
import StrataWire

/// The writes of one ``PostgresAppTransaction`` not sent yet: a batch's operation ids, objects
/// and narrowings go to the database in one statement each (``statements(app:)``), before the
/// transaction's next read and before its commit, instead of one round trip per change.
///
/// An object saved twice is sent once, as last saved (its newest version). Touched only by the
/// transaction body's one thread, under the transaction's mutex.
struct PostgresPendingWrites {
    private struct Operation: Encodable {
        let user_id: String
        let operation_id: String
        let version: Int64
    }

    private struct Object: Encodable {
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

    private struct Narrowing: Encodable {
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

    mutating func save(_ object: StoredObject) throws {
        let json: String
        if let bytes = WireJSON.values(object.values) {
            json = String(decoding: bytes, as: UTF8.self)
        } else {
            json = String(decoding: try WireCoding.encoder().encode(object.values), as: UTF8.self)
        }
        let row = Object(
            type_name: object.typeName, object_id: object.objectId, values_json: json, scope: object.scope,
            owner_user: object.ownerUser, owner_group: object.ownerGroup, deleted: object.deleted, version: object.version,
            writers_json: FieldWritersJSON.encode(object.writers), parent_type: object.parentType, parent_id: object.parentId)
        let key = ObjectKey(typeName: ExactText(object.typeName), objectId: ExactText(object.objectId))
        if let index = objects[key] {
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

    /// The statements that send everything pending for `app` (rows as one JSON array each,
    /// unpacked by `json_to_recordset`), and empties the buffer.
    mutating func statements(app: String) throws -> [PostgresStatement] {
        defer { self = PostgresPendingWrites() }
        var statements: [PostgresStatement] = []
        let encoder = JSONEncoder()
        if !operations.isEmpty {
            var statement = PostgresStatement()
            let rows = String(decoding: try encoder.encode(operations), as: UTF8.self)
            statement.append(
                """
                INSERT INTO operations (app, user_id, operation_id, version)
                SELECT \(statement.bind(app)), r.user_id, r.operation_id, r.version
                FROM json_to_recordset(\(statement.bind(rows))::json) AS r(user_id TEXT, operation_id TEXT, version BIGINT)
                """)
            statements.append(statement)
        }
        if !objectRows.isEmpty {
            var statement = PostgresStatement()
            let rows = String(decoding: try encoder.encode(objectRows), as: UTF8.self)
            statement.append(
                """
                INSERT INTO objects (
                    app, type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version, writers_json,
                    parent_type, parent_id)
                SELECT \(statement.bind(app)), r.type_name, r.object_id, r.values_json::json, r.scope, r.owner_user,
                    r.owner_group, r.deleted, r.version, r.writers_json, r.parent_type, r.parent_id
                FROM json_to_recordset(\(statement.bind(rows))::json) AS r(type_name TEXT, object_id TEXT,
                    values_json TEXT, scope INTEGER, owner_user TEXT, owner_group TEXT, deleted BOOLEAN, version BIGINT,
                    writers_json TEXT, parent_type TEXT, parent_id TEXT)
                ON CONFLICT (app, type_name, object_id) DO UPDATE SET values_json = EXCLUDED.values_json,
                    scope = EXCLUDED.scope, owner_user = EXCLUDED.owner_user, owner_group = EXCLUDED.owner_group,
                    deleted = EXCLUDED.deleted, version = EXCLUDED.version, writers_json = EXCLUDED.writers_json,
                    parent_type = EXCLUDED.parent_type, parent_id = EXCLUDED.parent_id
                """)
            statements.append(statement)
        }
        if !narrowings.isEmpty {
            var statement = PostgresStatement()
            let rows = String(decoding: try encoder.encode(narrowings), as: UTF8.self)
            statement.append(
                """
                INSERT INTO narrowings (app, type_name, version, object_id, previous_scope, owner_user, owner_group)
                SELECT \(statement.bind(app)), r.type_name, r.version, r.object_id, r.previous_scope, r.owner_user, r.owner_group
                FROM json_to_recordset(\(statement.bind(rows))::json) AS r(type_name TEXT, version BIGINT, object_id TEXT,
                    previous_scope INTEGER, owner_user TEXT, owner_group TEXT)
                """)
            statements.append(statement)
        }
        if let pruneBefore {
            var statement = PostgresStatement()
            statement.append(
                "DELETE FROM overwrites WHERE app = \(statement.bind(app)) AND recorded_at < \(statement.bind(pruneBefore))")
            statements.append(statement)
        }
        if !overwrites.isEmpty {
            var statement = PostgresStatement()
            let rows = String(decoding: try encoder.encode(overwrites), as: UTF8.self)
            statement.append(
                """
                INSERT INTO overwrites (app, type_name, user_id, version, operation_id, object_id, fields_json, yours_json,
                    theirs_json, by_user, recorded_at)
                SELECT \(statement.bind(app)), r.type_name, r.user_id, r.version, r.operation_id, r.object_id, r.fields_json,
                    r.yours_json, r.theirs_json, r.by_user, r.recorded_at
                FROM json_to_recordset(\(statement.bind(rows))::json) AS r(type_name TEXT, user_id TEXT, version BIGINT,
                    operation_id TEXT, object_id TEXT, fields_json TEXT, yours_json TEXT, theirs_json TEXT, by_user TEXT,
                    recorded_at DOUBLE PRECISION)
                ON CONFLICT (app, type_name, user_id, version, operation_id) DO NOTHING
                """)
            statements.append(statement)
        }
        return statements
    }
}
