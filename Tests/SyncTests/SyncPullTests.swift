import Foundation
import StrataCrossCutting
import StrataWire
import Testing

import StrataStore

import StrataData
import StrataJournal
@testable import StrataSync

@Suite("Sync engine: pulling local-and-server types")
struct SyncPullTests {
    @Test("pages are applied, encrypted keys sealed and queryable, the cursor advances, no journal entries")
    func appliesPagesAndAdvancesTheCursor() async throws {
        let harness = try await SyncHarness()
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(objects: [.visit("a", patient: "Ada", ward: 1, version: 1), .visit("b", patient: "Bo", ward: 2, version: 2)],
                cursor: 2, hasMore: true),
            PullResponse(objects: [.visit("c", patient: "Cy", ward: 3, version: 3)], cursor: 3, hasMore: false))
        let report = try await harness.sync.syncNow()
        #expect(report.pulled == ["SyncVisit": 3])
        let store = harness.data.store
        #expect(try await store.fetch(SyncVisit.self, id: "b")?.patient == "Bo")
        #expect(try await store.query(Query<SyncVisit>().whereKey("patient", .equal, "Cy")).map(\.objectId) == ["c"])
        #expect(try await harness.data.journal.pendingCount() == 0)
        let pulls = harness.server.requests(to: "\(WirePaths.objects)/SyncVisit")
        #expect(pulls.map { $0.parameter("since") } == ["0", "2"])
        _ = try await harness.sync.syncNow()
        #expect(harness.server.requests(to: "\(WirePaths.objects)/SyncVisit").last?.parameter("since") == "3")
        // The server's owner and scope are kept with the row; plaintext never reaches the file.
        let bytes = try Data(contentsOf: harness.container.storeURL)
        #expect(bytes.range(of: Data("Ada".utf8)) == nil)
    }

    @Test("a pulled object with a local change waiting keeps the local change on top")
    func pendingLocalChangeWins() async throws {
        let harness = try await SyncHarness(signedInAs: "u2")
        var mine = try await harness.data.store.save(SyncVisit(patient: "local edit", ward: 7))
        try await harness.signIn("u1")  // u2's change waits: it stays in the journal during this sync
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [.visit(mine.objectId!, patient: "server value", ward: 1, version: 5), .visit("x", patient: "X", ward: 2, version: 6)],
                cursor: 6, hasMore: false))
        let report = try await harness.sync.syncNow()
        #expect(report.keptLocal == 1)
        #expect(report.pulled == ["SyncVisit": 1])
        mine = try #require(try await harness.data.store.fetch(SyncVisit.self, id: mine.objectId!))
        #expect(mine.patient == "local edit")
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "x")?.patient == "X")
    }

    @Test("objects deleted on the server are deleted locally")
    func deletionsArePulled() async throws {
        let harness = try await SyncHarness()
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(objects: [.visit("a", patient: "Ada", ward: 1, version: 1), .visit("b", patient: "Bo", ward: 2, version: 2)],
                cursor: 2, hasMore: false),
            PullResponse(objects: [.visit("a", patient: "Ada", ward: 1, version: 3, deleted: true)], cursor: 3, hasMore: false))
        _ = try await harness.sync.syncNow()
        #expect(try await harness.data.store.count(Query<SyncVisit>()) == 2)
        let report = try await harness.sync.syncNow()
        #expect(report.pulled == ["SyncVisit": 1])
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "a") == nil)
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "b") != nil)
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("an object whose value has the wrong kind is skipped; the rest of the page is applied")
    func badObjectIsSkipped() async throws {
        let harness = try await SyncHarness()
        var bad = WireObject.visit("bad", patient: "Q", ward: 1, version: 1)
        bad.values["ward"] = .text("three")
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [bad, .visit("ok", patient: "O", ward: 2, version: 2)], cursor: 2, hasMore: false))
        let report = try await harness.sync.syncNow()
        #expect(report.pulled == ["SyncVisit": 1])
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "bad") == nil)
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "ok")?.ward == 2)
    }

    @Test("objects of one page carrying different keys each write their own keys; the others keep their values")
    func objectsWithDifferentKeysInOnePage() async throws {
        let harness = try await SyncHarness()
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [
                    .visit("a", patient: "Ada", ward: 1, version: 1), .visit("b", patient: "Bo", ward: 2, version: 2),
                    .visit("c", patient: "Cy", ward: 3, version: 3),
                ],
                cursor: 3, hasMore: false))
        _ = try await harness.sync.syncNow()
        func carrying(_ object: WireObject, only key: String) -> WireObject {
            var partial = object
            partial.values = partial.values.filter { $0.key == key }
            return partial
        }
        // Each key set comes twice, interleaved with others: a statement written for one set is used for that set only.
        harness.server.scriptPages(
            "SyncVisit",
            PullResponse(
                objects: [
                    carrying(.visit("a", patient: "", ward: 10, version: 4), only: "ward"),
                    carrying(.visit("b", patient: "Bo again", ward: 0, version: 5), only: "patient"),
                    .visit("d", patient: "Di", ward: 4, version: 6),
                    carrying(.visit("c", patient: "", ward: 30, version: 7), only: "ward"),
                ],
                cursor: 7, hasMore: false))
        let report = try await harness.sync.syncNow()
        #expect(report.pulled == ["SyncVisit": 4])
        let store = harness.data.store
        func row(_ id: String) async throws -> [String]? {
            try await store.fetch(SyncVisit.self, id: id).map { [$0.patient, String($0.ward)] }
        }
        #expect(try await row("a") == ["Ada", "10"])
        #expect(try await row("b") == ["Bo again", "2"])
        #expect(try await row("c") == ["Cy", "30"])
        #expect(try await row("d") == ["Di", "4"])
        // The sealed key stays queryable through its keyed hash.
        #expect(try await store.query(Query<SyncVisit>().whereKey("patient", .equal, "Bo again")).map(\.objectId) == ["b"])
    }
}
