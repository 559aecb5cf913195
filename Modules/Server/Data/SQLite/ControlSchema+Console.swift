import GRDB

extension ControlSchema {
    /// The web console's sessions (`/admin`): one row per signed-in administrator's browser.
    static func consoleSessions(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS console_sessions (
                    token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, csrf_token TEXT NOT NULL,
                    valid_until REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS console_sessions_by_user ON console_sessions (user_id);
                CREATE INDEX IF NOT EXISTS console_sessions_by_expiry ON console_sessions (valid_until);
                """)
    }
}
