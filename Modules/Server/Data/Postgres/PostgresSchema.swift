/// The PostgreSQL tables: the control tables and every app version's objects in one database.
///
/// App versions share the object tables, keyed first by `app` (`<app id>@<version>`), not a
/// table per app version: one migration changes every app at once (tables per app would need
/// DDL at the first request of each app and a migration per table), and a new app needs no
/// DDL at all, only a counter row. Every key and index starts with `app`, so each app version's
/// rows are one range of each index.
///
/// The change counter is one row per app version (`app_counters`), incremented with
/// `UPDATE … RETURNING` inside the writing transaction: the row lock it takes is held until
/// that transaction commits, so writers of one app version take versions in commit order.
enum PostgresSchema {
    static let migrations = PostgresMigrations(migrations: [
        ("control tables", controlTables),
        ("app object tables", appTables),
        ("pull indexes by visibility", pullIndexes),
        ("administrators", administrators),
        ("usage logs: device and kind columns, indexes by time, user and level", usageLogs),
        ("admin console: disabled users, revoked devices", adminColumns),
        ("lookup indexes", lookupIndexes),
        ("admin look-up indexes", adminLookupIndexes),
        ("web console sessions", consoleSessions),
        ("server epoch", serverEpoch),
        ("revoked sessions of disabled and deleted users", revokedSessions),
        ("field writers and overwrite notices", conflicts),
        ("object parents", parents),
        // Nothing to change in the rows: both forms of `writers_json` are read. Recorded so
        // that a server from before it, which reads only the per-field form, refuses the database.
        ("compact field writers", []),
    ])

    static let controlTables = [
        """
        CREATE TABLE apps (
            app_id TEXT NOT NULL, version TEXT NOT NULL, key_hash TEXT NOT NULL, log_level TEXT NOT NULL,
            PRIMARY KEY (app_id, version))
        """,
        "CREATE TABLE groups (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
        "CREATE TABLE users (id TEXT PRIMARY KEY, account TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL)",
        """
        CREATE TABLE memberships (
            user_id TEXT NOT NULL REFERENCES users(id), group_id TEXT NOT NULL REFERENCES groups(id),
            role TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (user_id, group_id))
        """,
        """
        CREATE TABLE tokens (
            token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, app_id TEXT NOT NULL, app_version TEXT NOT NULL,
            valid_until DOUBLE PRECISION NOT NULL)
        """,
        """
        CREATE TABLE devices (
            app_id TEXT NOT NULL, app_version TEXT NOT NULL, device_id TEXT NOT NULL, user_id TEXT NOT NULL,
            name TEXT NOT NULL, registered_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (app_id, app_version, device_id))
        """,
        """
        CREATE TABLE push_messages (
            sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, app_id TEXT NOT NULL, app_version TEXT NOT NULL,
            device_id TEXT NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
            sent_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX push_messages_device ON push_messages (app_id, app_version, device_id, sequence)",
        "CREATE TABLE templates (name TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)",
    ]

    static let appTables = [
        "CREATE TABLE app_counters (app TEXT PRIMARY KEY, value BIGINT NOT NULL)",
        """
        CREATE TABLE objects (
            app TEXT NOT NULL, type_name TEXT NOT NULL, object_id TEXT NOT NULL, values_json JSON NOT NULL,
            scope INTEGER NOT NULL, owner_user TEXT NOT NULL, owner_group TEXT, deleted BOOLEAN NOT NULL,
            version BIGINT NOT NULL, PRIMARY KEY (app, type_name, object_id))
        """,
        "CREATE INDEX objects_by_version ON objects (app, type_name, version)",
        """
        CREATE TABLE operations (
            app TEXT NOT NULL, user_id TEXT NOT NULL, operation_id TEXT NOT NULL, version BIGINT NOT NULL,
            PRIMARY KEY (app, user_id, operation_id))
        """,
        """
        CREATE TABLE narrowings (
            app TEXT NOT NULL, type_name TEXT NOT NULL, version BIGINT NOT NULL, object_id TEXT NOT NULL,
            previous_scope INTEGER NOT NULL, owner_user TEXT NOT NULL, owner_group TEXT,
            PRIMARY KEY (app, type_name, version))
        """,
        """
        CREATE TABLE logs (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL,
            level TEXT NOT NULL, message TEXT NOT NULL, metadata_json TEXT NOT NULL,
            logged_at DOUBLE PRECISION NOT NULL, received_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX logs_by_app ON logs (app)",
    ]

    /// One index per visibility branch of a pull (see ``PostgresAppStore``'s `changes`): the
    /// caller's own objects, objects visible to all, each group's group-scope objects, each in
    /// version order, so a pull reads only the rows the caller may see.
    static let pullIndexes = [
        "CREATE INDEX objects_by_owner_user ON objects (app, type_name, owner_user, version)",
        "CREATE INDEX objects_by_scope ON objects (app, type_name, scope, version)",
        "CREATE INDEX objects_by_group ON objects (app, type_name, owner_group, scope, version)",
    ]

    /// The administrators (`admin administrator grant`): one row per administrator, gone with
    /// the user.
    static let administrators = [
        "CREATE TABLE administrators (user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE)"
    ]

    /// The device and the event kind of each uploaded log entry (read from its metadata; empty
    /// for entries stored before), and one index per filter of `admin logs` and `admin stats`
    /// (see ``PostgresAppStore``'s `logs`): by time, by user then time, by level then time,
    /// each after `app` and ending with `id`, so the newest first is an index order.
    /// `logs_by_app` goes: `logs_by_time` starts with `app` too.
    static let usageLogs = [
        "ALTER TABLE logs ADD COLUMN device_id TEXT NOT NULL DEFAULT '', ADD COLUMN kind TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX logs_by_time ON logs (app, logged_at, id)",
        "CREATE INDEX logs_by_user ON logs (app, user_id, logged_at, id)",
        "CREATE INDEX logs_by_level ON logs (app, level, logged_at, id)",
        "DROP INDEX logs_by_app",
    ]

    /// The indexes the control store's look-ups need beyond the keys, so none reads a whole
    /// table that grows with users (pinned by `ServerStatementPlanTests`): expired tokens
    /// (removed at every login), a group's members (a push to a group), the devices of users
    /// (the same push).
    static let lookupIndexes = [
        "CREATE INDEX tokens_by_expiry ON tokens (valid_until)",
        "CREATE INDEX memberships_by_group ON memberships (group_id)",
        "CREATE INDEX devices_by_user ON devices (user_id)",
    ]

    /// The index the admin console's session commands need: a user's sessions (`admin
    /// sessions --user`, `admin session revoke --user`, and a new password, disabling or deleting
    /// a user, which revoke them), in expiry order, so none reads every user's tokens.
    static let adminLookupIndexes = [
        "CREATE INDEX tokens_by_user ON tokens (user_id, valid_until)"
    ]
}
