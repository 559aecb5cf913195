import GRDB

extension ControlSchema {
    /// The sessions an administrator ended by disabling or deleting their user, kept until they
    /// would have expired, so the device that sends one hears why (``ControlStore/revokedSession(hash:)``).
    static func revokedSessions(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE revoked_sessions (
                    token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, reason TEXT NOT NULL, valid_until REAL NOT NULL)
                """)
        try db.execute(sql: "CREATE INDEX revoked_sessions_by_user ON revoked_sessions (user_id)")
        try db.execute(sql: "CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (valid_until)")
    }
}

/// Remembering the sessions of disabled and deleted users (``ControlStore/revokedSession(hash:)``).
extension SQLiteControlStore {
    func revokedSession(hash: String) async throws -> String? {
        try await read("reading a revoked session") { db in
            try String.fetchOne(db, sql: "SELECT reason FROM revoked_sessions WHERE token_hash = ?", arguments: [hash])
        }
    }

    /// Inside a write: keeps `userId`'s sessions as revoked for `reason` (before they are deleted),
    /// or, with `reason` nil (the user enabled again), forgets those kept.
    static func revokeSessions(of userId: String, reason: String?, in db: Database) throws {
        guard let reason else {
            try db.execute(sql: "DELETE FROM revoked_sessions WHERE user_id = ?", arguments: [userId])
            return
        }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO revoked_sessions (token_hash, user_id, reason, valid_until)
                SELECT token_hash, user_id, ?, valid_until FROM tokens WHERE user_id = ?
                """, arguments: [reason, userId])
    }
}
