import Foundation
import StrataServerData
import StrataTestSupport
import Testing

/// The sessions of disabled and deleted users are remembered (``ControlStore/revokedSession(hash:)``),
/// alike on SQLite and on a real PostgreSQL (``TestEngine``).
@Suite("server data: revoked sessions of disabled and deleted users on SQLite and PostgreSQL")
struct RevokedSessionContractTests {
    @Test("disabling remembers the user's sessions as disabled, enabling forgets them, deleting remembers them as deleted, expiry removes them; a new password remembers nothing", arguments: TestEngine.allCases)
    func remembered(engine: TestEngine) async throws {
        let control = try await AdminControlStoreContractTests.seeded(engine)
        let now = AdminControlStoreContractTests.now
        #expect(try await control.updateUser(id: "u1", passwordHash: "new", disabled: nil) == 2)
        #expect(try await control.revokedSession(hash: "ta1") == nil, "a new password is not a revocation")

        #expect(try await control.updateUser(id: "u2", passwordHash: nil, disabled: true) == 1)
        #expect(try await control.revokedSession(hash: "tb1") == "disabled")
        #expect(try await control.revokedSession(hash: "ta2") == nil)
        #expect(try await control.updateUser(id: "u2", passwordHash: nil, disabled: false) == 0)
        #expect(try await control.revokedSession(hash: "tb1") == nil, "enabling forgets")

        try await control.saveToken(
            TokenRecord(tokenHash: "tb2", userId: "u2", appId: "org.a", appVersion: "1", validUntil: now.addingTimeInterval(90)))
        _ = try await control.deleteUser(id: "u2")
        #expect(try await control.revokedSession(hash: "tb2") == "deleted")
        _ = try await control.deleteTokens(expiredBefore: now.addingTimeInterval(60))
        #expect(try await control.revokedSession(hash: "tb2") == "deleted", "still valid then")
        _ = try await control.deleteTokens(expiredBefore: now.addingTimeInterval(100))
        #expect(try await control.revokedSession(hash: "tb2") == nil, "remembered only while it would have been valid")
    }
}
