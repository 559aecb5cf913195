import Foundation
import PostgresNIO

/// The web console's sessions (``ConsoleSessionStore``).
extension PostgresControlStore {
    func saveConsoleSession(_ session: ConsoleSessionRecord) async throws {
        try SQLiteText.check(session.tokenHash, session.userId, session.csrfToken, what: "console session")
        // FOR SHARE waits for a disabling or deleting transaction that holds the user's row.
        let rows = try await run("console session of user \(session.userId)") {
            $0.append(
                """
                INSERT INTO console_sessions (token_hash, user_id, csrf_token, valid_until) SELECT \
                \($0.bind(session.tokenHash)), id, \($0.bind(session.csrfToken)), \
                \($0.bind(session.validUntil.storedSeconds)) \
                FROM users WHERE id = \($0.bind(session.userId)) AND NOT disabled FOR SHARE RETURNING 1
                """)
        }
        guard rows.count == 1 else { throw ServerDataError(.notFound, "user \(session.userId) is disabled or was deleted") }
    }

    func consoleSession(hash: String) async throws -> ConsoleSessionRecord? {
        guard !hash.utf8.contains(0) else { return nil }
        return try await run("reading a console session") {
            $0.append(
                """
                SELECT s.token_hash, s.user_id, s.csrf_token, s.valid_until, u.account FROM console_sessions s
                JOIN users u ON u.id = s.user_id AND NOT u.disabled
                JOIN administrators a ON a.user_id = s.user_id
                WHERE s.token_hash = \($0.bind(hash))
                """)
        }.first.map {
            let (tokenHash, userId, csrf, validUntil, account) = try $0.decode((String, String, String, Double, String).self)
            return ConsoleSessionRecord(
                tokenHash: tokenHash, userId: userId, csrfToken: csrf, validUntil: Date(storedSeconds: validUntil),
                account: account)
        }
    }

    func deleteConsoleSession(hash: String) async throws {
        guard !hash.utf8.contains(0) else { return }
        try await run("ending a console session") {
            $0.append("DELETE FROM console_sessions WHERE token_hash = \($0.bind(hash))")
        }
    }

    func deleteConsoleSessions(userId: String) async throws -> Int {
        try SQLiteText.check(userId, what: "user id")
        return try await run("ending the console sessions of user \(userId)") {
            $0.append("DELETE FROM console_sessions WHERE user_id = \($0.bind(userId)) RETURNING 1")
        }.count
    }

    func deleteConsoleSessions(expiredBefore date: Date) async throws -> Int {
        try await run("removing expired console sessions") {
            $0.append("DELETE FROM console_sessions WHERE valid_until < \($0.bind(date.storedSeconds)) RETURNING 1")
        }.count
    }
}
