import Foundation
import StrataServerData

/// The web console's sessions of a ``CountingControlStore``: each goes to the real store.
extension CountingControlStore {
    func saveConsoleSession(_ session: ConsoleSessionRecord) async throws { try await real.saveConsoleSession(session) }
    func consoleSession(hash: String) async throws -> ConsoleSessionRecord? { try await real.consoleSession(hash: hash) }
    func deleteConsoleSession(hash: String) async throws { try await real.deleteConsoleSession(hash: hash) }
    func deleteConsoleSessions(userId: String) async throws -> Int { try await real.deleteConsoleSessions(userId: userId) }
    func deleteConsoleSessions(expiredBefore date: Date) async throws -> Int {
        try await real.deleteConsoleSessions(expiredBefore: date)
    }
}
