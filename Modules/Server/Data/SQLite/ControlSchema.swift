import GRDB

/// The control database's tables (`control.sqlite`).
enum ControlSchema {
    /// The control database's migrations, oldest first (see ``SQLiteMigrations``).
    static let migrations = SQLiteMigrations(migrations: [
        ("tables", createTables),
        ("administrators", createAdministrators),
        ("admin console: disabled users, revoked devices", adminColumns),
        ("lookup indexes", lookupIndexes),
        ("admin look-up indexes", adminLookupIndexes),
        ("web console sessions", consoleSessions),
        ("server epoch", serverEpoch),
        ("revoked sessions of disabled and deleted users", revokedSessions),
    ])

    /// Creates the tables when missing.
    static func createTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS apps (
                    app_id TEXT NOT NULL, version TEXT NOT NULL, key_hash TEXT NOT NULL,
                    log_level TEXT NOT NULL, PRIMARY KEY (app_id, version));
                CREATE TABLE IF NOT EXISTS groups (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE IF NOT EXISTS users (
                    id TEXT PRIMARY KEY, account TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS memberships (
                    user_id TEXT NOT NULL REFERENCES users(id), group_id TEXT NOT NULL REFERENCES groups(id),
                    role TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (user_id, group_id));
                CREATE TABLE IF NOT EXISTS tokens (
                    token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, app_id TEXT NOT NULL,
                    app_version TEXT NOT NULL, valid_until REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS devices (
                    app_id TEXT NOT NULL, app_version TEXT NOT NULL, device_id TEXT NOT NULL,
                    user_id TEXT NOT NULL, name TEXT NOT NULL, registered_at REAL NOT NULL,
                    PRIMARY KEY (app_id, app_version, device_id));
                CREATE TABLE IF NOT EXISTS push_messages (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL, app_version TEXT NOT NULL,
                    device_id TEXT NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
                    sent_at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS push_messages_device ON push_messages (app_id, app_version, device_id, sequence);
                CREATE TABLE IF NOT EXISTS templates (name TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL);
                """)
    }

    /// The administrators (`admin administrator grant`): one row per administrator, gone with
    /// the user.
    static func createAdministrators(_ db: Database) throws {
        try db.execute(
            sql: "CREATE TABLE administrators (user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE)")
    }

    /// The indexes the control store's look-ups need beyond the keys, so none reads a whole
    /// table that grows with users (pinned by `ServerStatementPlanTests`): expired tokens
    /// (removed at every login), a group's members (a push to a group), the devices of users
    /// (the same push).
    static func lookupIndexes(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX tokens_by_expiry ON tokens (valid_until);
                CREATE INDEX memberships_by_group ON memberships (group_id);
                CREATE INDEX devices_by_user ON devices (user_id);
                """)
    }

    /// The index the admin console's session commands need: a user's sessions (`admin
    /// sessions --user`, `admin session revoke --user`, and a new password, disabling or deleting
    /// a user, which revoke them), in expiry order, so none reads every user's tokens.
    static func adminLookupIndexes(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX tokens_by_user ON tokens (user_id, valid_until)")
    }
}
