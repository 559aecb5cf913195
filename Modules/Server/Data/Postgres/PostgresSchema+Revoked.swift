extension PostgresSchema {
    /// The sessions an administrator ended by disabling or deleting their user, kept until they
    /// would have expired (``ControlStore/revokedSession(hash:)``).
    static let revokedSessions = [
        """
        CREATE TABLE revoked_sessions (
            token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, reason TEXT NOT NULL, valid_until DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX revoked_sessions_by_user ON revoked_sessions (user_id)",
        "CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (valid_until)",
    ]
}
