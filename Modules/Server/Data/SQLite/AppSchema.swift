import GRDB

/// One app version's tables (`apps/<app id>@<version>.sqlite`).
enum AppSchema {
    /// The app database's migrations, oldest first (see ``SQLiteMigrations``). A database made
    /// before they were recorded runs them all: the first creates only what is missing, so its
    /// rows stay.
    static let migrations = SQLiteMigrations(migrations: [
        ("tables", createTables),
        ("operation ids per user", operationsPerUser),
        ("scope narrowings", scopeNarrowings),
        ("pull indexes by visibility", pullIndexes),
        ("usage logs: device and kind columns, indexes by time, user and level", usageLogs),
        ("field writers and overwrite notices", conflicts),
        ("object parents", parents),
        // Nothing to change in the rows: both forms are read. Recorded so that a server from
        // before it, which reads only the per-field form, refuses the database.
        ("compact field writers", { _ in }),
    ])

    /// The first tables (before migrations were recorded, the only schema).
    static func createTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS objects (
                    type_name TEXT NOT NULL, object_id TEXT NOT NULL, values_json TEXT NOT NULL,
                    scope INTEGER NOT NULL, owner_user TEXT NOT NULL, owner_group TEXT,
                    deleted INTEGER NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (type_name, object_id));
                CREATE INDEX IF NOT EXISTS objects_by_version ON objects (type_name, version);
                CREATE TABLE IF NOT EXISTS operations (
                    operation_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, version INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                INSERT OR IGNORE INTO counter (id, value) VALUES (1, 0);
                CREATE TABLE IF NOT EXISTS logs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, level TEXT NOT NULL,
                    message TEXT NOT NULL, metadata_json TEXT NOT NULL, logged_at REAL NOT NULL,
                    received_at REAL NOT NULL);
                """)
    }

    /// Applied operation ids are keyed by (user, id): one user's id never makes another user's
    /// change a duplicate. The recorded ids keep their users.
    static func operationsPerUser(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE operations_per_user (
                    user_id TEXT NOT NULL, operation_id TEXT NOT NULL, version INTEGER NOT NULL,
                    PRIMARY KEY (user_id, operation_id)) WITHOUT ROWID;
                INSERT INTO operations_per_user (user_id, operation_id, version)
                    SELECT user_id, operation_id, version FROM operations;
                DROP TABLE operations;
                ALTER TABLE operations_per_user RENAME TO operations;
                """)
    }

    /// One row per write that narrowed an object's scope: the version of that write and who
    /// could see the object before it, so a pull can send those who lost it a tombstone.
    static func scopeNarrowings(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE narrowings (
                    type_name TEXT NOT NULL, version INTEGER NOT NULL, object_id TEXT NOT NULL,
                    previous_scope INTEGER NOT NULL, owner_user TEXT NOT NULL, owner_group TEXT,
                    PRIMARY KEY (type_name, version)) WITHOUT ROWID;
                """)
    }

    /// One index per visibility branch of a pull (see ``SQLiteAppStore/changes(typeName:since:limit:visibility:)``):
    /// the caller's own objects, objects visible to all, and each of the caller's groups'
    /// group-scope objects, each in version order. A pull then reads only the rows the caller
    /// may see, never every row of the type changed since its cursor.
    static func pullIndexes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX objects_by_owner_user ON objects (type_name, owner_user, version);
                CREATE INDEX objects_by_scope ON objects (type_name, scope, version);
                CREATE INDEX objects_by_group ON objects (type_name, owner_group, scope, version);
                """)
    }

    /// The device and the event kind of each uploaded log entry (read from its metadata; empty
    /// for entries stored before), and one index per filter of `admin logs` and `admin stats`:
    /// by time, by user then time, by level then time (each ends with the rowid, so the newest
    /// first is an index order). See ``SQLiteAppStore/logs(_:)``.
    static func usageLogs(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE logs ADD COLUMN device_id TEXT NOT NULL DEFAULT '';
                ALTER TABLE logs ADD COLUMN kind TEXT NOT NULL DEFAULT '';
                CREATE INDEX logs_by_time ON logs (logged_at);
                CREATE INDEX logs_by_user ON logs (user_id, logged_at);
                CREATE INDEX logs_by_level ON logs (level, logged_at);
                """)
    }

    /// Each object's field writers (``FieldWriter``; `{}` for the objects stored before: unknown
    /// writers, never a conflict), and the overwrite notices (``StoredOverwrite``), read by the
    /// replaced user's pulls of a type in version order and pruned by age.
    static func conflicts(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE objects ADD COLUMN writers_json TEXT NOT NULL DEFAULT '{}';
                CREATE TABLE overwrites (
                    type_name TEXT NOT NULL, user_id TEXT NOT NULL, version INTEGER NOT NULL, operation_id TEXT NOT NULL,
                    object_id TEXT NOT NULL, fields_json TEXT NOT NULL, yours_json TEXT NOT NULL, theirs_json TEXT NOT NULL,
                    by_user TEXT NOT NULL, recorded_at REAL NOT NULL,
                    PRIMARY KEY (type_name, user_id, version, operation_id)) WITHOUT ROWID;
                CREATE INDEX overwrites_by_time ON overwrites (recorded_at);
                """)
    }

    /// Each object's parent (``StoredObject/parentType``: a follow-up's report; `NULL` for none
    /// and for the objects stored before), indexed so deleting a parent finds its children.
    static func parents(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE objects ADD COLUMN parent_type TEXT;
                ALTER TABLE objects ADD COLUMN parent_id TEXT;
                CREATE INDEX objects_by_parent ON objects (parent_type, parent_id) WHERE parent_id IS NOT NULL;
                """)
    }
}
