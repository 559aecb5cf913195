import Foundation
import StrataServerData
import StrataTestSupport
import Testing

/// The web console's sessions in the control store (``ConsoleSessionStore``), alike on SQLite
/// and on a real PostgreSQL (``TestEngine``).
@Suite("server data: the web console's sessions on SQLite and PostgreSQL")
struct ConsoleSessionStoreTests {
    static let now = AdminControlStoreContractTests.now

    static func session(_ hash: String, _ user: String, offset: TimeInterval = 60) -> ConsoleSessionRecord {
        ConsoleSessionRecord(tokenHash: hash, userId: user, csrfToken: "csrf-\(hash)", validUntil: now.addingTimeInterval(offset))
    }

    @Test("a session is read back with its account while its user is an enabled administrator, and ends with them", arguments: TestEngine.allCases)
    func readBackWhileAdministrator(engine: TestEngine) async throws {
        let control = try await AdminControlStoreContractTests.seeded(engine)
        try await control.setAdministrator(userId: "u1", true)
        try await control.saveConsoleSession(Self.session("s1", "u1"))
        let read = try #require(try await control.consoleSession(hash: "s1"))
        #expect(read == ConsoleSessionRecord(
            tokenHash: "s1", userId: "u1", csrfToken: "csrf-s1", validUntil: Self.now.addingTimeInterval(60), account: "alice"))
        #expect(try await control.consoleSession(hash: "s2") == nil)
        #expect(try await control.consoleSession(hash: "s\u{0}1") == nil)

        try await control.setAdministrator(userId: "u1", false)
        #expect(try await control.consoleSession(hash: "s1") == nil, "a revoked grant ends the session")
        try await control.setAdministrator(userId: "u1", true)
        _ = try await control.updateUser(id: "u1", passwordHash: nil, disabled: true)
        #expect(try await control.consoleSession(hash: "s1") == nil, "disabling ends the session")
        let refused = await #expect(throws: ServerDataError.self, "a disabled user gets no session") {
            try await control.saveConsoleSession(Self.session("s3", "u1"))
        }
        #expect(refused?.code == .notFound)
        _ = try await control.updateUser(id: "u1", passwordHash: nil, disabled: false)
        #expect(try await control.consoleSession(hash: "s1") != nil)
        _ = try await control.deleteUser(id: "u1")
        #expect(try await control.consoleSession(hash: "s1") == nil, "deleting the user ends the session")
    }

    @Test("sessions end one by one, per user, and once expired", arguments: TestEngine.allCases)
    func ending(engine: TestEngine) async throws {
        let control = try await AdminControlStoreContractTests.seeded(engine)
        try await control.setAdministrator(userId: "u1", true)
        try await control.setAdministrator(userId: "u2", true)
        try await control.saveConsoleSession(Self.session("a1", "u1", offset: 10))
        try await control.saveConsoleSession(Self.session("a2", "u1", offset: 100))
        try await control.saveConsoleSession(Self.session("b1", "u2", offset: 10))
        let duplicate = await #expect(throws: ServerDataError.self) { try await control.saveConsoleSession(Self.session("a1", "u2")) }
        #expect(duplicate?.code == .duplicate)
        try await control.deleteConsoleSession(hash: "b1")
        try await control.deleteConsoleSession(hash: "b1")
        #expect(try await control.consoleSession(hash: "b1") == nil)
        #expect(try await control.deleteConsoleSessions(expiredBefore: Self.now.addingTimeInterval(50)) == 1)
        #expect(try await control.consoleSession(hash: "a1") == nil)
        #expect(try await control.consoleSession(hash: "a2") != nil)
        #expect(try await control.deleteConsoleSessions(userId: "u1") == 1)
        #expect(try await control.consoleSession(hash: "a2") == nil)
    }
}
