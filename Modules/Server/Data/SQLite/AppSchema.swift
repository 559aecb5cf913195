import GRDB

/// One app version's tables (`apps/<app id>@<version>.sqlite`).
enum AppSchema {
    /// Creates the tables when missing.
    static func migrate(_ db: Database) throws {
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
}
