public import Foundation

/// The web console's sessions (`/admin`), kept in the control database so that every server
/// instance on one database knows every session: the part of ``ControlStore`` that only the
/// console uses.
public protocol ConsoleSessionStore: Sendable {
    /// Stores a new console session, when its user exists and is not disabled.
    ///
    /// - Throws: ``ServerDataError`` (`notFound`) when the user is disabled or was deleted.
    func saveConsoleSession(_ session: ConsoleSessionRecord) async throws
    /// The console session whose secret hashes to `hash`, with its user's account, or `nil`
    /// when there is none or its user is no longer an enabled administrator (deleted,
    /// disabled, or the administrator grant revoked): such a session ends at its next request.
    func consoleSession(hash: String) async throws -> ConsoleSessionRecord?
    /// Ends a console session (nothing when there is none).
    func deleteConsoleSession(hash: String) async throws
    /// Removes every console session of the user; returns how many.
    @discardableResult func deleteConsoleSessions(userId: String) async throws -> Int
    /// Removes the console sessions that ended before `date`; returns how many.
    @discardableResult func deleteConsoleSessions(expiredBefore date: Date) async throws -> Int
}
