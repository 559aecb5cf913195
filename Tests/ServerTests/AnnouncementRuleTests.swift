import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// Announcements are posted by a group's lead: the server's `Announcement` type (its built-in
/// lead-posted type, ``ServerSettings/defaultLeadPostedTypes``) follows
/// `AccessRules.mayPostAnnouncement` for inserts and updates. Alice leads nurses, carol is a
/// member of nurses (``InProcessServer``).
@Suite("announcements: only a lead posts them")
struct AnnouncementRuleTests {
    static func announcement(_ id: String, title: String, operation: String = "insert") -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "Announcement", objectId: id, operation: operation,
            values: ["title": .text(title), "body": .text("Ward meeting"), "from": .real(1_800_000_000), "until": .real(1_800_604_800)],
            scope: 2)
    }

    @Test("a member's post is rejected with the rule's reason; a lead's is applied, and the member reads it")
    func memberRefusedLeadAccepted() async throws {
        try await withInProcessServer { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()

            let refused = try await RoleTests.results([Self.announcement("m1", title: "From carol")], token: carol, client)
            #expect(refused.map(\.status) == ["rejected"])
            #expect(refused.first?.reason == "Announcement m1: a member may not post an announcement; a lead of the group may")

            let posted = try await RoleTests.results([Self.announcement("l1", title: "From alice")], token: alice, client)
            #expect(posted.map(\.status) == ["applied"])
            let seen = try await client.pull("Announcement", token: carol).objects
            #expect(seen.map(\.objectId) == ["l1"], "the member of the group reads the lead's announcement")

            // A member may not edit it either; the lead may.
            let edit = try await RoleTests.results([Self.announcement("l1", title: "Changed", operation: "update")], token: carol, client)
            #expect(edit.first?.reason == "Announcement l1: a member may not post an announcement; a lead of the group may")
            let leadEdit = try await RoleTests.results([Self.announcement("l1", title: "Changed", operation: "update")], token: alice, client)
            #expect(leadEdit.map(\.status) == ["applied"])
        }
    }

    @Test("other types keep the usual rules: a member creates a case report")
    func otherTypesUnchanged() async throws {
        try await withInProcessServer { server in
            let (_, carol, bob) = try await server.tokens()
            #expect(try await server.client.push([.report("c1", name: "Cid", scope: 2)], token: carol) == ["applied"])
            let outsider = try await RoleTests.results([Self.announcement("b1", title: "From bob")], token: bob, client: server.client)
            #expect(outsider.first?.reason == "Announcement b1: a member may not post an announcement; a lead of the group may")
        }
    }

    @Test("serve refuses a --lead-posted-type that is no type name, in one line")
    func badLeadPostedType() async throws {
        let outcome = try await TestServer.run(["serve", "--lead-posted-type", "9 lives", "--data-dir", TemporaryRoot.directory("lead").path])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("--lead-posted-type '9 lives' is not a type name"), "\(outcome)")
    }
}

extension RoleTests {
    /// ``results(_:token:_:)`` with the client labelled.
    static func results(_ changes: [WireChange], token: String, client: WireClient) async throws -> [ChangeResult] {
        try await results(changes, token: token, client)
    }
}
