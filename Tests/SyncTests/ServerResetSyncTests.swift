import Foundation
import StrataWire
import Testing

import StrataData
import StrataJournal
import StrataStore
@testable import StrataSync

/// A client reset through the engine the factory builds, over a scripted server: a pull that
/// finds the server restored (a new epoch, or a cursor past its history) pulls again from 0 and
/// queues again, as creates, the user's objects the re-pull did not return, then sends them.
@Suite("Sync engine: a client reset after a server restore re-pulls from 0 and re-sends what the server lost")
struct ServerResetSyncTests {
    static func visit(_ id: String, owner: String, version: Int64, ward: Int64 = 1) -> WireObject {
        WireObject(
            objectId: id, values: ["patient": .text("p \(id)"), "ward": .integer(ward)], scope: 2, ownerUser: owner,
            ownerGroup: "g1", deleted: false, version: version)
    }

    /// The changes pushed after request number `before`: (object id, operation).
    static func pushed(_ server: SyncTestServer, after before: Int) throws -> [[String]] {
        try server.requests.dropFirst(before).filter { $0.path == WirePaths.changes }.flatMap { request in
            try WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data()).changes.map { [$0.objectId, $0.operation] }
        }
    }

    /// Two visits of u1 pushed and acknowledged, one of u9 pulled at epoch A (head 5): the
    /// device's cursor is 5. Returns the harness and u1's visit ids.
    static func synced() async throws -> (SyncHarness, [String]) {
        let harness = try await SyncHarness()
        let ids = try await harness.addVisits(2).compactMap(\.objectId)
        harness.server.scriptPushes(.applyAll)
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [Self.visit(ids[0], owner: "u1", version: 1), Self.visit(ids[1], owner: "u1", version: 2), Self.visit("x", owner: "u9", version: 5)],
                cursor: 5, hasMore: false, epoch: "A", head: 5))
        let first = try await harness.sync.syncNow()
        #expect(first.serverReset == nil)
        #expect(try await harness.data.journal.pendingCount() == 0)
        return (harness, ids)
    }

    @Test("a new epoch: the pull starts again at 0, u1's visit the server lost is queued as an insert and pushed, others' are not")
    func newEpoch() async throws {
        let (harness, ids) = try await Self.synced()
        let before = harness.server.requests.count
        // The restored server (epoch B) holds u1's first visit and u9's; u1's second is lost.
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [], cursor: 5, hasMore: false, epoch: "B", head: 3))
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [Self.visit(ids[0], owner: "u1", version: 1), Self.visit("x", owner: "u9", version: 3)], cursor: 3, hasMore: false,
                epoch: "B", head: 3))
        harness.server.scriptPushes(.applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.serverReset == ServerReset(repulled: 2, resent: 1))
        let pulls = harness.server.requests.dropFirst(before).filter { $0.path == "\(WirePaths.objects)/SyncVisit" }
        #expect(pulls.map { $0.parameter("since") } == ["5", "0"])
        #expect(try Self.pushed(harness.server, after: before) == [[ids[1], "insert"]])
        #expect(try await harness.data.journal.pendingCount() == 0)

        // The next sync at the same epoch is an ordinary one.
        let calm = try await harness.sync.syncNow()
        #expect(calm.serverReset == nil)
    }

    @Test("the same epoch with a cursor past the server's head resets too; a cursor at the head does not")
    func cursorAhead() async throws {
        let (harness, ids) = try await Self.synced()
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [], cursor: 5, hasMore: false, epoch: "A", head: 5))
        #expect(try await harness.sync.syncNow().serverReset == nil)

        harness.server.scriptPages("SyncVisit", PullResponse(objects: [], cursor: 5, hasMore: false, epoch: "A", head: 2))
        harness.server.scriptPages(
            "SyncVisit", PullResponse(objects: [Self.visit(ids[1], owner: "u1", version: 2)], cursor: 2, hasMore: false, epoch: "A", head: 2))
        harness.server.scriptPushes(.applyAll)
        let before = harness.server.requests.count
        let report = try await harness.sync.syncNow()
        // The restored history lacks u9's visit too: removed here (u9's devices send it again if it still exists).
        #expect(report.serverReset == ServerReset(repulled: 1, resent: 1, removed: 1))
        #expect(try Self.pushed(harness.server, after: before) == [[ids[0], "insert"]])
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "x") == nil)
    }

    @Test("an edit the restored server lost (it returns an older value) is kept on the device and sent again as an update")
    func lostEdit() async throws {
        let (harness, ids) = try await Self.synced()
        // The backup holds both visits of u1, the first at ward 9: the device's ward 1 came after the backup.
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [], cursor: 5, hasMore: false, epoch: "B", head: 2))
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [Self.visit(ids[0], owner: "u1", version: 1, ward: 9), Self.visit(ids[1], owner: "u1", version: 2)],
                cursor: 2, hasMore: false, epoch: "B", head: 2))
        harness.server.scriptPushes(.applyAll)
        let before = harness.server.requests.count
        let report = try await harness.sync.syncNow()
        #expect(report.serverReset == ServerReset(repulled: 2, resent: 1, removed: 1))
        #expect(try Self.pushed(harness.server, after: before) == [[ids[0], "update"]])
        let request = try #require(harness.server.requests.dropFirst(before).last { $0.path == WirePaths.changes })
        let change = try #require(try WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data()).changes.first)
        #expect(change.values["ward"] == .integer(1), "the device's value, not the restored one")
    }

    @Test("another user's object the restored server lacks is removed from the device, with a note in the reset's line; one it returns stays")
    func othersLost() async throws {
        let (harness, ids) = try await Self.synced()
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "x") != nil)
        // The backup predates u9's visit (and u9 deleted it since, so nobody will send it again).
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [], cursor: 5, hasMore: false, epoch: "B", head: 2))
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [Self.visit(ids[0], owner: "u1", version: 1), Self.visit(ids[1], owner: "u1", version: 2)],
                cursor: 2, hasMore: false, epoch: "B", head: 2))
        let report = try await harness.sync.syncNow()
        #expect(report.serverReset == ServerReset(repulled: 2, resent: 0, removed: 1))
        #expect(report.serverReset?.line.hasSuffix("; removed 1 object of other users it no longer has") == true)
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "x") == nil)
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: ids[0]) != nil)
        #expect(report.revocation == nil)
    }
}
