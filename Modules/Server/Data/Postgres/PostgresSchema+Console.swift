extension PostgresSchema {
    /// The web console's sessions (`/admin`): one row per signed-in administrator's browser.
    static let consoleSessions = [
        """
        CREATE TABLE console_sessions (
            token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, csrf_token TEXT NOT NULL,
            valid_until DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX console_sessions_by_user ON console_sessions (user_id)",
        "CREATE INDEX console_sessions_by_expiry ON console_sessions (valid_until)",
    ]
}
