import Logging
import PostgresNIO

/// Remembering the sessions of disabled and deleted users (``ControlStore/revokedSession(hash:)``).
extension PostgresControlStore {
    func revokedSession(hash: String) async throws -> String? {
        guard !hash.utf8.contains(0) else { return nil }
        return try await run("reading a revoked session") {
            $0.append("SELECT reason FROM revoked_sessions WHERE token_hash = \($0.bind(hash))")
        }.first.map { try $0.decode(String.self) }
    }

    /// Inside a transaction: keeps `userId`'s sessions as revoked for `reason` (before they are
    /// deleted), or, with `reason` nil (the user enabled again), forgets those kept.
    static func revokeSessions(of userId: String, reason: String?, on connection: PostgresConnection, logger: Logger) async throws {
        var statement = PostgresStatement()
        if let reason {
            statement.append(
                """
                INSERT INTO revoked_sessions (token_hash, user_id, reason, valid_until)
                SELECT token_hash, user_id, \(statement.bind(reason)), valid_until FROM tokens WHERE user_id = \(statement.bind(userId))
                ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason
                """)
        } else {
            statement.append("DELETE FROM revoked_sessions WHERE user_id = \(statement.bind(userId))")
        }
        _ = try await connection.rows(statement, logger: logger)
    }
}
