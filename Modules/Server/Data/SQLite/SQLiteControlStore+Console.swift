import Foundation
import GRDB

/// The web console's sessions (``ConsoleSessionStore``).
extension SQLiteControlStore {
    func saveConsoleSession(_ session: ConsoleSessionRecord) async throws {
        try SQLiteText.check(session.tokenHash, session.userId, session.csrfToken, what: "console session")
        try await write("console session of user \(session.userId)") { db in
            try db.execute(
                sql: """
                    INSERT INTO console_sessions (token_hash, user_id, csrf_token, valid_until)
                    SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ? AND disabled = 0)
                    """,
                arguments: [
                    session.tokenHash, session.userId, session.csrfToken, session.validUntil.storedSeconds, session.userId,
                ])
            guard db.changesCount == 1 else {
                throw ServerDataError(.notFound, "user \(session.userId) is disabled or was deleted")
            }
        }
    }

    func consoleSession(hash: String) async throws -> ConsoleSessionRecord? {
        guard !hash.utf8.contains(0) else { return nil }
        return try await read("reading a console session") { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT s.token_hash, s.user_id, s.csrf_token, s.valid_until, u.account FROM console_sessions s
                    JOIN users u ON u.id = s.user_id AND u.disabled = 0
                    JOIN administrators a ON a.user_id = s.user_id
                    WHERE s.token_hash = ?
                    """, arguments: [hash]
            ).map {
                ConsoleSessionRecord(
                    tokenHash: $0["token_hash"], userId: $0["user_id"], csrfToken: $0["csrf_token"],
                    validUntil: Date(storedSeconds: $0["valid_until"]), account: $0["account"])
            }
        }
    }

    func deleteConsoleSession(hash: String) async throws {
        guard !hash.utf8.contains(0) else { return }
        try await write("ending a console session") { db in
            try db.execute(sql: "DELETE FROM console_sessions WHERE token_hash = ?", arguments: [hash])
        }
    }

    func deleteConsoleSessions(userId: String) async throws -> Int {
        try SQLiteText.check(userId, what: "user id")
        return try await write("ending the console sessions of user \(userId)") { db in
            try db.execute(sql: "DELETE FROM console_sessions WHERE user_id = ?", arguments: [userId])
            return db.changesCount
        }
    }

    func deleteConsoleSessions(expiredBefore date: Date) async throws -> Int {
        try await write("removing expired console sessions") { db in
            try db.execute(sql: "DELETE FROM console_sessions WHERE valid_until < ?", arguments: [date.storedSeconds])
            return db.changesCount
        }
    }
}
