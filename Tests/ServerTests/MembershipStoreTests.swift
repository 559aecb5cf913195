import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import Testing

/// ``MembershipStore`` on both engines: memberships after a user is created, roles, administrators.
@Suite("server data: memberships, roles and administrators on SQLite and PostgreSQL")
struct MembershipStoreTests {
    @Test("a membership is added after the user's others, its role changed, then removed; each missing one is notFound", arguments: TestEngine.allCases)
    func memberships(engine: TestEngine) async throws {
        let data = try await ServerDataContractTests.storage(engine).data
        let control = data.control
        try await control.createGroup(GroupRecord(id: "g1", name: "nurses"))
        try await control.createGroup(GroupRecord(id: "g2", name: "doctors"))
        try await control.createUser(
            UserRecord(id: "u1", account: "alice", passwordHash: "h"),
            memberships: [MembershipRecord(userId: "u1", groupId: "g1", groupName: "nurses", role: "lead")])
        try await control.createUser(UserRecord(id: "u2", account: "bob", passwordHash: "h"), memberships: [])

        try await control.addMembership(MembershipRecord(userId: "u1", groupId: "g2", groupName: "", role: "member"))
        try await control.addMembership(MembershipRecord(userId: "u2", groupId: "g1", groupName: "", role: "member"))
        #expect(try await control.memberships(userId: "u1").map(\.groupName) == ["nurses", "doctors"], "added last: not primary")
        #expect(try await control.memberships(userId: "u2").map(\.groupName) == ["nurses"], "a user in no group gets a primary one")
        let again = await #expect(throws: ServerDataError.self) {
            try await control.addMembership(MembershipRecord(userId: "u1", groupId: "g2", groupName: "", role: "lead"))
        }
        #expect(again?.code == .duplicate)
        for (user, group) in [("u9", "g1"), ("u1", "g9")] {
            let missing = await #expect(throws: ServerDataError.self) {
                try await control.addMembership(MembershipRecord(userId: user, groupId: group, groupName: "", role: "member"))
            }
            #expect(missing?.code == .notFound, "\(user) \(group)")
        }

        try await control.setRole(userId: "u2", groupId: "g1", role: "lead")
        #expect(try await control.members(groupId: "g1").map { "\($0.account):\($0.role)" } == ["alice:lead", "bob:lead"])
        #expect(try await control.members(groupId: "g2").map(\.userId) == ["u1"])
        let noRole = await #expect(throws: ServerDataError.self) { try await control.setRole(userId: "u2", groupId: "g2", role: "lead") }
        #expect(noRole?.code == .notFound)

        try await control.removeMembership(userId: "u1", groupId: "g1")
        #expect(try await control.memberships(userId: "u1").map(\.groupName) == ["doctors"], "the next group becomes primary")
        let gone = await #expect(throws: ServerDataError.self) { try await control.removeMembership(userId: "u1", groupId: "g1") }
        #expect(gone?.code == .notFound)
        #expect(try await control.memberIds(groupId: "g1") == ["u2"])
        try await data.close()
    }

    @Test("the administrator flag is set, listed and cleared; setting it twice changes nothing", arguments: TestEngine.allCases)
    func administrators(engine: TestEngine) async throws {
        let data = try await ServerDataContractTests.storage(engine).data
        let control = data.control
        try await control.createUser(UserRecord(id: "u1", account: "alice", passwordHash: "h"), memberships: [])
        try await control.createUser(UserRecord(id: "u2", account: "bob", passwordHash: "h"), memberships: [])
        #expect(try await control.isAdministrator(userId: "u1") == false)
        try await control.setAdministrator(userId: "u2", true)
        try await control.setAdministrator(userId: "u2", true)
        try await control.setAdministrator(userId: "u1", true)
        #expect(try await control.administrators().map(\.account) == ["alice", "bob"])
        #expect(try await control.isAdministrator(userId: "u2"))
        try await control.setAdministrator(userId: "u2", false)
        try await control.setAdministrator(userId: "u2", false)
        #expect(try await control.isAdministrator(userId: "u2") == false)
        #expect(try await control.administrators().map(\.id) == ["u1"])
        let missing = await #expect(throws: ServerDataError.self) { try await control.setAdministrator(userId: "u9", true) }
        #expect(missing?.code == .notFound)
        try await data.close()
    }
}
