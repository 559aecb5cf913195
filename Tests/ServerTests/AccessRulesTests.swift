import Foundation
import StrataServerDomain
import StrataWire
import Testing

/// The access rules, every role × operation × scope × owner relation, against the table the
/// issue states (Docs/Server.md, "Roles", shows the same table and a test pins it there too).
@Suite("access rules: who may write which object")
struct AccessRulesTests {
    /// One row of the table: an operation on an object of a scope, owned by the caller or not,
    /// and what each role may do (`A` allowed, `-` refused), in the order administrator, lead,
    /// member, outsider.
    struct Row: Sendable, CustomTestStringConvertible {
        let operation: AccessOperation
        let scope: AccessScope
        let owner: OwnerRelation
        let allowed: String

        var testDescription: String { "\(operation) \(scope) \(owner)" }

        /// Whether `role` may, per this row.
        func expected(_ role: AccessRole) -> Bool {
            let index = AccessRole.allCases.firstIndex(of: role)!
            return Array(allowed)[index] == "A"
        }
    }

    /// The rules, row by row: a lead may change an object's scope and delete group
    /// objects; a member may create and edit, not delete others' objects; all-scope objects
    /// are writable only by their owner and by administrators; an announcement takes a lead.
    static let table: [Row] = [
        Row(operation: .create, scope: .user, owner: .own, allowed: "AAAA"),
        Row(operation: .create, scope: .group, owner: .own, allowed: "AAAA"),
        Row(operation: .create, scope: .all, owner: .own, allowed: "AAAA"),
        Row(operation: .create, scope: .user, owner: .others, allowed: "AAAA"),
        Row(operation: .create, scope: .group, owner: .others, allowed: "AAAA"),
        Row(operation: .create, scope: .all, owner: .others, allowed: "AAAA"),
        Row(operation: .edit, scope: .user, owner: .own, allowed: "AAAA"),
        Row(operation: .edit, scope: .group, owner: .own, allowed: "AAAA"),
        Row(operation: .edit, scope: .all, owner: .own, allowed: "AAAA"),
        Row(operation: .edit, scope: .user, owner: .others, allowed: "A---"),
        Row(operation: .edit, scope: .group, owner: .others, allowed: "AAA-"),
        Row(operation: .edit, scope: .all, owner: .others, allowed: "A---"),
        Row(operation: .changeScope, scope: .user, owner: .own, allowed: "AAAA"),
        Row(operation: .changeScope, scope: .group, owner: .own, allowed: "AAAA"),
        Row(operation: .changeScope, scope: .all, owner: .own, allowed: "AAAA"),
        Row(operation: .changeScope, scope: .user, owner: .others, allowed: "A---"),
        Row(operation: .changeScope, scope: .group, owner: .others, allowed: "AA--"),
        Row(operation: .changeScope, scope: .all, owner: .others, allowed: "A---"),
        Row(operation: .delete, scope: .user, owner: .own, allowed: "AAAA"),
        Row(operation: .delete, scope: .group, owner: .own, allowed: "AAAA"),
        Row(operation: .delete, scope: .all, owner: .own, allowed: "AAAA"),
        Row(operation: .delete, scope: .user, owner: .others, allowed: "A---"),
        Row(operation: .delete, scope: .group, owner: .others, allowed: "AA--"),
        Row(operation: .delete, scope: .all, owner: .others, allowed: "A---"),
        Row(operation: .postAnnouncement, scope: .user, owner: .own, allowed: "AA--"),
        Row(operation: .postAnnouncement, scope: .group, owner: .own, allowed: "AA--"),
        Row(operation: .postAnnouncement, scope: .all, owner: .own, allowed: "AA--"),
        Row(operation: .postAnnouncement, scope: .user, owner: .others, allowed: "A---"),
        Row(operation: .postAnnouncement, scope: .group, owner: .others, allowed: "AA--"),
        Row(operation: .postAnnouncement, scope: .all, owner: .others, allowed: "A---"),
    ]

    @Test("the table covers every operation × scope × owner relation exactly once")
    func tableIsExhaustive() {
        let keys = Set(Self.table.map { "\($0.operation) \($0.scope) \($0.owner)" })
        #expect(keys.count == Self.table.count)
        #expect(keys.count == AccessOperation.allCases.count * AccessScope.allCases.count * OwnerRelation.allCases.count)
    }

    @Test("each role × operation × scope × owner relation is decided as the table says", arguments: table, AccessRole.allCases)
    func decision(row: Row, role: AccessRole) {
        let decision = AccessRules.decide(role, row.operation, scope: row.scope, owner: row.owner)
        #expect((decision == .allowed) == row.expected(role), "\(role) \(row.testDescription): \(decision)")
        if case .refused(let reason) = decision {
            #expect(!reason.isEmpty && !reason.contains("\n") && reason.first?.isLowercase == true, "\(reason)")
        }
    }

    @Test("a refusal names the rule: a member deleting or re-scoping another's object, an all-scope object, an announcement")
    func reasons() {
        #expect(
            AccessRules.decide(.member, .delete, scope: .group, owner: .others)
                == .refused("a member may not delete another member's object"))
        #expect(
            AccessRules.decide(.member, .changeScope, scope: .group, owner: .others)
                == .refused("a member may not change the scope of another member's object"))
        #expect(
            AccessRules.decide(.lead, .edit, scope: .all, owner: .others)
                == .refused("only its owner or an administrator may edit an all-scope object"))
        #expect(
            AccessRules.decide(.member, .delete, scope: .all, owner: .others)
                == .refused("only its owner or an administrator may delete an all-scope object"))
        #expect(
            AccessRules.mayPostAnnouncement(.member, scope: .group, owner: .own)
                == .refused("a member may not post an announcement; a lead of the group may"))
        #expect(AccessRules.mayPostAnnouncement(.lead, scope: .group, owner: .own) == .allowed)
    }

    @Test("a caller's role comes from their membership of the object's group; an administrator's from the flag")
    func callerRoles() {
        let session = ServerSession(
            tokenHash: "h", userId: "u1", appId: "a", appVersion: "1",
            groups: [.init(groupId: "g1", groupName: "nurses", roleName: "member"), .init(groupId: "g2", groupName: "leads", roleName: "lead"),
                     .init(groupId: "g3", groupName: "old", roleName: "Nurse")],
            validUntil: Date())
        let caller = AccessCaller(session: session, isAdministrator: false)
        #expect(caller.role(inGroup: "g1") == .member)
        #expect(caller.role(inGroup: "g2") == .lead)
        #expect(caller.role(inGroup: "g3") == .member, "a label from before roles had rules counts as member")
        #expect(caller.role(inGroup: "g9") == .outsider)
        #expect(caller.role(inGroup: nil) == .outsider)
        #expect(AccessCaller(session: session, isAdministrator: true).role(inGroup: "g9") == .administrator)
        #expect(caller.decide(.delete, scope: 2, ownerUser: "u2", ownerGroup: "g1") == .refused("a member may not delete another member's object"))
        #expect(caller.decide(.delete, scope: 2, ownerUser: "u2", ownerGroup: "g2") == .allowed)
        #expect(caller.decide(.delete, scope: 2, ownerUser: "u1", ownerGroup: "g9") == .allowed)
        #expect(caller.decideCreate(scope: 3) == .allowed)
    }

    @Test("Docs/Server.md's roles table says what the rules decide, cell by cell")
    func documentedTable() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Server.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        // Rows look like: | `delete` | group | others' | ✓ | ✓ | ✗ | ✗ | (owner: own, others', any)
        var checked = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 7, let operation = AccessOperation(rawValue: cells[0].trimmingCharacters(in: ["`"])),
                let scope = AccessScope.allCases.first(where: { "\($0)" == cells[1] })
            else { continue }
            let owners: [OwnerRelation] = cells[2] == "own" ? [.own] : cells[2] == "any" ? [.own, .others] : [.others]
            for owner in owners {
                for (role, cell) in zip(AccessRole.allCases, cells[3...]) {
                    let allowed = AccessRules.decide(role, operation, scope: scope, owner: owner) == .allowed
                    #expect(cell == (allowed ? "✓" : "✗"), "\(line): \(role) \(owner)")
                }
            }
            checked += owners.count
        }
        #expect(checked == Self.table.count, "Docs/Server.md lists every row of the table")
    }
}
