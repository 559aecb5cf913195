import CSQLite
import Foundation
import StrataBenchSupport

/// The sync paths' baselines: the rows a push and a pull move, moved through the SQLite C API
/// with no network, no JSON of Strata's and no encryption (the store's pragmas on the client's
/// files, WAL with synchronous NORMAL on the server's, prepared statements kept, the values
/// read into Swift on the way).
///
/// - push: the pushing client's journal is copied (same table and indexes) before the push;
///   then, 1,000 at a time in sequence order, its rows are read, inserted with their operation
///   ids into tables of the server's shape (`objects`, `operations`, the counter, every index of
///   `AppSchema`) in another file in one transaction, and deleted from the copy in another.
/// - pull: the server's own file is read 1,000 rows at a time in version order (its
///   `objects_by_version` index), each page written into a table of the store's shape and
///   indexes (the values taken apart by `json_extract`) with the cursor, in one transaction.
struct SyncBaseline {
    let folder: URL
    let batch: Int

    private var journalPath: String { folder.appendingPathComponent("baseline-journal.sqlite").path }
    private var serverPath: String { folder.appendingPathComponent("baseline-server.sqlite").path }
    private var clientPath: String { folder.appendingPathComponent("baseline-client.sqlite").path }

    /// Copies the journal of the store at `storePath` (its rows, table and indexes).
    func copyJournal(from storePath: String) throws {
        let copy = try Connection(path: journalPath, secureDelete: true)
        try copy.exec(
            """
            CREATE TABLE journal (
                "sequence" INTEGER PRIMARY KEY AUTOINCREMENT, "operationId" TEXT NOT NULL UNIQUE, "typeName" TEXT NOT NULL,
                "objectId" TEXT NOT NULL, "operation" TEXT NOT NULL, "payload" BLOB NOT NULL, "scope" INTEGER NOT NULL,
                "ownerUser" TEXT, "ownerGroup" TEXT, "state" TEXT NOT NULL DEFAULT 'pending', "reason" TEXT,
                "createdAt" REAL NOT NULL, "updatedAt" REAL NOT NULL, "sent" INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX journal_by_object ON journal ("typeName", "objectId", "state");
            CREATE INDEX journal_by_state ON journal ("state", "sequence");
            """)
        try copy.exec("ATTACH DATABASE '\(storePath)' AS store")
        // The columns the baseline reads, named: the store's journal has more (base version, policy, …).
        let columns = #""sequence", "operationId", "typeName", "objectId", "operation", "payload", "scope", "ownerUser", "ownerGroup", "state", "reason", "createdAt", "updatedAt", "sent""#
        try copy.exec(#"INSERT INTO journal ("# + columns + #") SELECT "# + columns + #" FROM store."_strata_journal" ORDER BY "sequence""#)
        try copy.exec("DETACH DATABASE store")
        try copy.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Removes the push's files (the journal's copy and the server-shaped file).
    func removePushFiles() {
        for path in [journalPath, serverPath] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// Moves every row of the journal's copy into the server-shaped file, a batch at a time.
    func push() throws {
        let journal = try Connection(path: journalPath, secureDelete: true)
        let server = try Connection(path: serverPath, secureDelete: false)
        try server.exec(
            """
            CREATE TABLE objects (
                type_name TEXT NOT NULL, object_id TEXT NOT NULL, values_json TEXT NOT NULL, scope INTEGER NOT NULL,
                owner_user TEXT NOT NULL, owner_group TEXT, deleted INTEGER NOT NULL, version INTEGER NOT NULL,
                PRIMARY KEY (type_name, object_id));
            CREATE INDEX objects_by_version ON objects (type_name, version);
            CREATE INDEX objects_by_owner_user ON objects (type_name, owner_user, version);
            CREATE INDEX objects_by_scope ON objects (type_name, scope, version);
            CREATE INDEX objects_by_group ON objects (type_name, owner_group, scope, version);
            CREATE TABLE operations (
                user_id TEXT NOT NULL, operation_id TEXT NOT NULL, version INTEGER NOT NULL,
                PRIMARY KEY (user_id, operation_id)) WITHOUT ROWID;
            CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
            INSERT INTO counter (id, value) VALUES (1, 0);
            """)
        let read = try journal.prepare(
            """
            SELECT "sequence", "operationId", "typeName", "objectId", "payload", "scope", "ownerUser", "ownerGroup"
            FROM journal WHERE "state" = 'pending' ORDER BY "sequence" LIMIT ?1
            """)
        let delete = try journal.prepare(#"DELETE FROM journal WHERE "state" = 'pending' AND "sequence" <= ?1"#)
        let insertObject = try server.prepare(
            """
            INSERT OR REPLACE INTO objects (type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7)
            """)
        let insertOperation = try server.prepare("INSERT INTO operations (operation_id, user_id, version) VALUES (?1, ?2, ?3)")
        let saveCounter = try server.prepare("UPDATE counter SET value = ?1 WHERE id = 1")
        var version: Int64 = 0
        while true {
            var rows: [(sequence: Int64, operationId: String, typeName: String, objectId: String, payload: Data, scope: Int64, user: String, group: String?)] = []
            sqlite3_bind_int64(read, 1, Int64(batch))
            while try journal.step(read) {
                rows.append(
                    (sqlite3_column_int64(read, 0), Connection.text(read, 1), Connection.text(read, 2), Connection.text(read, 3),
                     Connection.blob(read, 4), sqlite3_column_int64(read, 5), Connection.optionalText(read, 6) ?? "pusher",
                     Connection.optionalText(read, 7)))
            }
            sqlite3_reset(read)
            guard let last = rows.last else { return }
            try server.exec("BEGIN IMMEDIATE")
            for row in rows {
                version += 1
                Connection.bind(insertObject, 1, row.typeName)
                Connection.bind(insertObject, 2, row.objectId)
                Connection.bind(insertObject, 3, row.payload)
                sqlite3_bind_int64(insertObject, 4, row.scope)
                Connection.bind(insertObject, 5, row.user)
                Connection.bind(insertObject, 6, row.group)
                sqlite3_bind_int64(insertObject, 7, version)
                try server.run(insertObject)
                Connection.bind(insertOperation, 1, row.operationId)
                Connection.bind(insertOperation, 2, row.user)
                sqlite3_bind_int64(insertOperation, 3, version)
                try server.run(insertOperation)
            }
            sqlite3_bind_int64(saveCounter, 1, version)
            try server.run(saveCounter)
            try server.exec("COMMIT")
            sqlite3_bind_int64(delete, 1, last.sequence)
            try journal.run(delete)
        }
    }

    /// Copies every row of `typeName` from the server's file at `serverFile` into a table of
    /// the store's shape, a page at a time; returns how many rows it wrote.
    func pull(from serverFile: String, typeName: String) throws -> Int {
        let server = try Connection(path: serverFile, secureDelete: false, readOnly: true)
        let client = try Connection(path: clientPath, secureDelete: true)
        try client.exec(
            """
            CREATE TABLE rows (
                "objectId" TEXT PRIMARY KEY NOT NULL, "patientName" TEXT, "age" INTEGER, "gender" INTEGER, "isFollow" INTEGER,
                "memo" TEXT, "createdAt" REAL, "_storedAt" REAL NOT NULL, "_scope" INTEGER NOT NULL, "_ownerUser" TEXT,
                "_ownerGroup" TEXT);
            CREATE INDEX rows_patientName ON rows ("patientName");
            CREATE INDEX rows_createdAt ON rows ("createdAt");
            CREATE INDEX rows_age_createdAt ON rows ("age", "createdAt" DESC, "objectId");
            CREATE TABLE cursor ("typeName" TEXT PRIMARY KEY NOT NULL, "version" INTEGER NOT NULL);
            """)
        let read = try server.prepare(
            """
            SELECT object_id, values_json, scope, owner_user, owner_group, version FROM objects
            WHERE type_name = ?1 AND version > ?2 ORDER BY version LIMIT ?3
            """)
        let write = try client.prepare(
            """
            INSERT OR REPLACE INTO rows ("objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt",
                "_storedAt", "_scope", "_ownerUser", "_ownerGroup")
            VALUES (?1, json_extract(?2, '$.patientName[1]'), json_extract(?2, '$.age[1]'), json_extract(?2, '$.gender[1]'),
                json_extract(?2, '$.isFollow[1]'), json_extract(?2, '$.memo[1]'), json_extract(?2, '$.createdAt[1]'), ?3, ?4, ?5, ?6)
            """)
        let saveCursor = try client.prepare(#"INSERT OR REPLACE INTO cursor ("typeName", "version") VALUES (?1, ?2)"#)
        var (cursor, written): (Int64, Int) = (0, 0)
        while true {
            var rows: [(objectId: String, values: String, scope: Int64, user: String, group: String?, version: Int64)] = []
            Connection.bind(read, 1, typeName)
            sqlite3_bind_int64(read, 2, cursor)
            sqlite3_bind_int64(read, 3, Int64(batch))
            while try server.step(read) {
                rows.append(
                    (Connection.text(read, 0), Connection.text(read, 1), sqlite3_column_int64(read, 2), Connection.text(read, 3),
                     Connection.optionalText(read, 4), sqlite3_column_int64(read, 5)))
            }
            sqlite3_reset(read)
            guard let last = rows.last else { return written }
            let storedAt = Date().timeIntervalSince1970
            try client.exec("BEGIN IMMEDIATE")
            for row in rows {
                Connection.bind(write, 1, row.objectId)
                Connection.bind(write, 2, row.values)
                sqlite3_bind_double(write, 3, storedAt)
                sqlite3_bind_int64(write, 4, row.scope)
                Connection.bind(write, 5, row.user)
                Connection.bind(write, 6, row.group)
                try client.run(write)
            }
            Connection.bind(saveCursor, 1, typeName)
            sqlite3_bind_int64(saveCursor, 2, last.version)
            try client.run(saveCursor)
            try client.exec("COMMIT")
            cursor = last.version
            written += rows.count
        }
    }

    /// The server's pull statement for a user of no group who owns nothing (the shape of
    /// `SQLiteAppStore.pullSQL`: the caller's own objects, others' objects visible to all, the
    /// narrowings that took an object from the caller), run once on the server's file; returns
    /// the rows it read.
    func outsiderPull(from serverFile: String, typeName: String) throws -> Int {
        let server = try Connection(path: serverFile, secureDelete: false, readOnly: true)
        let read = try server.prepare(
            """
            SELECT object_id, version FROM objects WHERE type_name = ?1 AND owner_user = ?2 AND version > 0
            UNION ALL
            SELECT object_id, version FROM objects WHERE type_name = ?1 AND scope = 3 AND version > 0 AND owner_user <> ?2
            UNION ALL
            SELECT n.object_id, n.version FROM narrowings n
            WHERE n.type_name = ?1 AND n.version > 0 AND (n.owner_user = ?2 OR n.previous_scope = 3)
            ORDER BY version LIMIT ?3
            """)
        Connection.bind(read, 1, typeName)
        Connection.bind(read, 2, "nobody")
        sqlite3_bind_int64(read, 3, Int64(batch))
        var rows = 0
        while try server.step(read) { rows += 1 }
        sqlite3_reset(read)
        return rows
    }

    /// One connection, its statements finalized with it.
    final class Connection {
        private let db: OpaquePointer
        private var statements: [OpaquePointer] = []

        init(path: String, secureDelete: Bool, readOnly: Bool = false) throws {
            var db: OpaquePointer?
            let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else { throw BenchError("cannot open \(path)") }
            self.db = db
            sqlite3_busy_timeout(db, 5_000)
            if !readOnly {
                try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = \(secureDelete ? "ON" : "OFF")")
            }
        }

        deinit {
            for statement in statements { sqlite3_finalize(statement) }
            sqlite3_close(db)
        }

        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("\(sql): \(message)") }
        }

        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw BenchError("\(sql): \(message)") }
            statements.append(statement)
            return statement
        }

        /// Steps `statement`: `true` for a row, `false` when done.
        func step(_ statement: OpaquePointer) throws -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw BenchError(message)
            }
        }

        /// Runs `statement` to its end and resets it.
        func run(_ statement: OpaquePointer) throws {
            defer { sqlite3_reset(statement) }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError(message) }
        }

        private var message: String { String(cString: sqlite3_errmsg(db)) }

        static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
        }

        static func optionalText(_ statement: OpaquePointer, _ column: Int32) -> String? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : text(statement, column)
        }

        static func blob(_ statement: OpaquePointer, _ column: Int32) -> Data {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: bytes, count: count)
        }

        static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String?) {
            guard var text else {
                sqlite3_bind_null(statement, index)
                return
            }
            text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    _ = sqlite3_bind_text(statement, index, chars.baseAddress, Int32(chars.count), strata_sqlite_transient())
                }
            }
        }

        static func bind(_ statement: OpaquePointer, _ index: Int32, _ data: Data) {
            data.withUnsafeBytes { buffer in
                _ = sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), strata_sqlite_transient())
            }
        }
    }
}
