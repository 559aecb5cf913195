import Foundation
import StrataServerData
import StrataTestSupport
import Testing

/// The admin console's control-store operations (``AdminControlStore``), alike on SQLite and on
/// a real PostgreSQL (``TestEngine``).
@Suite("server data: the admin console's operations on SQLite and PostgreSQL")
struct AdminControlStoreContractTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Two groups, alice (in both) and bob (in nurses), two sessions of alice's and one of bob's.
    static func seeded(_ engine: TestEngine) async throws -> any ControlStore {
        let control = try await ServerDataContractTests.storage(engine).data.control
        try await control.createGroup(GroupRecord(id: "g1", name: "nurses"))
        try await control.createGroup(GroupRecord(id: "g2", name: "doctors"))
        try await control.createUser(
            UserRecord(id: "u1", account: "alice", passwordHash: "h1"),
            memberships: [
                MembershipRecord(userId: "u1", groupId: "g1", groupName: "nurses", role: "lead"),
                MembershipRecord(userId: "u1", groupId: "g2", groupName: "doctors", role: "member"),
            ])
        try await control.createUser(
            UserRecord(id: "u2", account: "bob", passwordHash: "h2"),
            memberships: [MembershipRecord(userId: "u2", groupId: "g1", groupName: "nurses", role: "member")])
        for (hash, user, offset) in [("ta2", "u1", 120.0), ("ta1", "u1", 60.0), ("tb1", "u2", 30.0)] {
            try await control.saveToken(
                TokenRecord(tokenHash: hash, userId: user, appId: "org.a", appVersion: "1", validUntil: now.addingTimeInterval(offset)))
        }
        return control
    }

    @Test("a new password revokes the user's sessions with it; disabling revokes them and is kept; enabling revokes none", arguments: TestEngine.allCases)
    func updateUser(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        #expect(try await control.user(account: "alice")?.disabled == false, "a new user is enabled")
        #expect(try await control.updateUser(id: "u1", passwordHash: "new", disabled: nil) == 2)
        #expect(try await control.user(account: "alice")?.passwordHash == "new")
        #expect(try await control.tokens(userId: "u1").isEmpty)
        #expect(try await control.tokens(userId: "u2").map(\.tokenHash) == ["tb1"], "another user's sessions stay")

        #expect(try await control.updateUser(id: "u2", passwordHash: nil, disabled: true) == 1)
        #expect(try await control.user(account: "bob")?.disabled == true)
        #expect(try await control.user(account: "bob")?.passwordHash == "h2", "disabling keeps the password")
        #expect(try await control.users().map(\.disabled) == [false, true])
        let session = TokenRecord(tokenHash: "tb2", userId: "u2", appId: "org.a", appVersion: "1", validUntil: Self.now)
        let refused = await #expect(throws: ServerDataError.self, "a disabled user gets no session") {
            try await control.saveToken(session)
        }
        #expect(refused?.code == .notFound)
        #expect(try await control.updateUser(id: "u2", passwordHash: nil, disabled: false) == 0)
        #expect(try await control.user(account: "bob")?.disabled == false)
        try await control.saveToken(session)
        #expect(try await control.updateUser(id: "u2", passwordHash: nil, disabled: false) == 0, "enabling revokes nothing")
        #expect(try await control.tokens(userId: "u2").count == 1)
        let gone = await #expect(throws: ServerDataError.self, "a missing user gets no session") {
            try await control.saveToken(
                TokenRecord(tokenHash: "tx", userId: "nobody", appId: "org.a", appVersion: "1", validUntil: Self.now))
        }
        #expect(gone?.code == .notFound)

        let missing = await #expect(throws: ServerDataError.self) {
            try await control.updateUser(id: "nobody", passwordHash: "x", disabled: nil)
        }
        #expect(missing?.code == .notFound)
    }

    @Test("sessions list by user then expiry, one user's alone; deleting a user's sessions leaves the others'", arguments: TestEngine.allCases)
    func sessions(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        #expect(try await control.tokens(userId: nil).map(\.tokenHash) == ["ta1", "ta2", "tb1"])
        #expect(try await control.tokens(userId: "u1").map(\.tokenHash) == ["ta1", "ta2"])
        #expect(try await control.tokens(userId: "u1").first?.validUntil == Self.now.addingTimeInterval(60))
        #expect(try await control.tokens(userId: "nobody").isEmpty)
        #expect(try await control.deleteTokens(userId: "u1") == 2)
        #expect(try await control.tokens(userId: nil).map(\.tokenHash) == ["tb1"])
        #expect(try await control.deleteTokens(userId: "u1") == 0)
    }

    @Test("a revoked device keeps its first revocation date, loses its pending messages and stays revoked when registered again", arguments: TestEngine.allCases)
    func revokeDevice(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        let phone = DeviceRecord(appId: "org.a", appVersion: "1", deviceId: "phone", userId: "u1", name: "Phone", registeredAt: Self.now)
        let tablet = DeviceRecord(appId: "org.a", appVersion: "1", deviceId: "tablet", userId: "u2", name: "Tablet", registeredAt: Self.now)
        try await control.registerDevice(tablet)
        try await control.registerDevice(phone)
        #expect(try await control.allDevices() == [phone, tablet])
        _ = try await control.appendPushMessages([
            NewPushMessage(device: phone, id: "m1", title: "", body: "to the phone", sentAt: Self.now),
            NewPushMessage(device: tablet, id: "m1", title: "", body: "to the tablet", sentAt: Self.now),
        ])
        let revokedAt = Self.now.addingTimeInterval(5)
        try await control.revokeDevice(appId: "org.a", version: "1", deviceId: "phone", at: revokedAt)
        try await control.revokeDevice(appId: "org.a", version: "1", deviceId: "phone", at: revokedAt.addingTimeInterval(9))
        #expect(try await control.device(appId: "org.a", version: "1", deviceId: "phone")?.revokedAt == revokedAt)
        #expect(try await control.pushMessages(appId: "org.a", version: "1", deviceId: "phone", after: 0, limit: 10).isEmpty)
        #expect(try await control.pushMessages(appId: "org.a", version: "1", deviceId: "tablet", after: 0, limit: 10).count == 1)
        #expect(try await control.devices(userIds: ["u1"]).first?.revokedAt == revokedAt)
        var again = phone
        again.name = "Phone again"
        try await control.registerDevice(again)
        #expect(try await control.device(appId: "org.a", version: "1", deviceId: "phone")?.revokedAt == revokedAt)
        #expect(try await control.device(appId: "org.a", version: "1", deviceId: "tablet")?.revokedAt == nil)
        let missing = await #expect(throws: ServerDataError.self) {
            try await control.revokeDevice(appId: "org.a", version: "2", deviceId: "phone", at: revokedAt)
        }
        #expect(missing?.code == .notFound)
    }

    @Test("deleting a user removes their sessions, memberships, devices and messages in one go, nobody else's", arguments: TestEngine.allCases)
    func deleteUser(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        let phone = DeviceRecord(appId: "org.a", appVersion: "1", deviceId: "phone", userId: "u1", name: "Phone", registeredAt: Self.now)
        let tablet = DeviceRecord(appId: "org.a", appVersion: "1", deviceId: "tablet", userId: "u2", name: "Tablet", registeredAt: Self.now)
        try await control.registerDevice(phone)
        try await control.registerDevice(tablet)
        _ = try await control.appendPushMessages([
            NewPushMessage(device: phone, id: "m1", title: "", body: "a", sentAt: Self.now),
            NewPushMessage(device: tablet, id: "m1", title: "", body: "b", sentAt: Self.now),
        ])
        let removed = try await control.deleteUser(id: "u1")
        #expect(removed.sessions == 2)
        #expect(removed.devices == 1)
        #expect(try await control.user(account: "alice") == nil)
        #expect(try await control.users().map(\.account) == ["bob"])
        #expect(try await control.memberships(userId: "u1").isEmpty)
        #expect(try await control.memberIds(groupId: "g1") == ["u2"])
        #expect(try await control.tokens(userId: nil).map(\.tokenHash) == ["tb1"])
        #expect(try await control.allDevices() == [tablet])
        #expect(try await control.pushMessages(appId: "org.a", version: "1", deviceId: "phone", after: 0, limit: 10).isEmpty)
        #expect(try await control.pushMessages(appId: "org.a", version: "1", deviceId: "tablet", after: 0, limit: 10).count == 1)
        try await control.createUser(UserRecord(id: "u3", account: "alice", passwordHash: "h3"), memberships: [])
        #expect(try await control.user(account: "alice")?.id == "u3", "the account name is free again")
        let missing = await #expect(throws: ServerDataError.self) { try await control.deleteUser(id: "u1") }
        #expect(missing?.code == .notFound)
    }

    @Test("templates list by name and delete by name; a missing one is notFound", arguments: TestEngine.allCases)
    func templates(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        try await control.saveTemplate(PushTemplate(name: "rounds", title: "Rounds", body: "10:00"))
        try await control.saveTemplate(PushTemplate(name: "drill", title: "Drill", body: "now"))
        #expect(try await control.templates().map(\.name) == ["drill", "rounds"])
        try await control.deleteTemplate(named: "drill")
        #expect(try await control.templates() == [PushTemplate(name: "rounds", title: "Rounds", body: "10:00")])
        let missing = await #expect(throws: ServerDataError.self) { try await control.deleteTemplate(named: "drill") }
        #expect(missing?.code == .notFound)
    }

    @Test("deleting a group removes its memberships with it; the users and their other groups stay", arguments: TestEngine.allCases)
    func deleteGroup(engine: TestEngine) async throws {
        let control = try await Self.seeded(engine)
        #expect(try await control.deleteGroup(id: "g1") == 2)
        #expect(try await control.groups().map(\.name) == ["doctors"])
        #expect(try await control.memberships(userId: "u1").map(\.groupName) == ["doctors"], "the next group becomes primary")
        #expect(try await control.memberships(userId: "u2").isEmpty)
        #expect(try await control.users().count == 2)
        #expect(try await control.deleteGroup(id: "g2") == 1)
        let missing = await #expect(throws: ServerDataError.self) { try await control.deleteGroup(id: "g1") }
        #expect(missing?.code == .notFound)
        try await control.createGroup(GroupRecord(id: "g4", name: "nurses"))
        #expect(try await control.group(named: "nurses")?.id == "g4", "the name is free again")
    }
}
