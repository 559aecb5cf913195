import Foundation
import StrataDataTesting
import StrataStore
import StrataWire
import Testing

import StrataData
import StrataJournal
@testable import StrataSync

/// The background loop's pulls (``LiveSyncEngine/tick(client:)``, one round of the loop, driven
/// here by a test clock, never a sleep): each type with an ``AutoRefresh`` is pulled at most
/// once per its interval and at its scope; a type without one only by an explicit sync.
@Suite("Sync engine: auto refresh gates the background pulls and sets their scope")
struct AutoRefreshTests {
    /// Refreshed every 10 minutes, the user's own objects only.
    struct SlowVisit: ValueObject {
        var objectId: String?
        var ward = 0
        static let schema = ValueObjectSchema<SlowVisit>(
            "SlowVisit", fields: [.field("ward", \.ward)],
            behaviour: ValueObjectBehaviour(persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 600, scope: .user)))
    }

    /// Synced, but never refreshed in the background.
    struct ManualVisit: ValueObject {
        var objectId: String?
        var ward = 0
        static let schema = ValueObjectSchema<ManualVisit>(
            "ManualVisit", fields: [.field("ward", \.ward)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
    }

    /// The types the server was asked to pull since `before` requests, in order.
    static func pulled(_ server: SyncTestServer, after before: Int) -> [String] {
        server.requests.dropFirst(before).filter { $0.path.hasPrefix(WirePaths.objects + "/") }
            .map { String($0.path.dropFirst(WirePaths.objects.count + 1)) }
    }

    @Test("a type is pulled when its interval has passed, not before; a type without auto refresh never by the loop")
    func intervalGatesPulls() async throws {
        let harness = try await SyncHarness()  // SyncVisit: AutoRefresh(interval: 60)
        try await harness.data.store.register(SlowVisit.self)
        try await harness.data.store.register(ManualVisit.self)
        let engine = try #require(harness.sync as? LiveSyncEngine)
        let client = try #require(engine.client)
        func tick() async throws -> [String] {
            let before = harness.server.requests.count
            try await engine.tick(client: client)
            return Self.pulled(harness.server, after: before).sorted()
        }

        #expect(try await tick() == ["SlowVisit", "SyncVisit"])  // never pulled yet: both due
        harness.clock.advance(30)
        #expect(try await tick() == [])
        harness.clock.advance(29.9)
        #expect(try await tick() == [])  // 59.9 s: SyncVisit's 60 s have not passed
        harness.clock.advance(0.1)
        #expect(try await tick() == ["SyncVisit"])  // 60 s
        harness.clock.advance(59)
        #expect(try await tick() == [])  // 59 s after that pull
        harness.clock.advance(481)
        #expect(try await tick() == ["SlowVisit", "SyncVisit"])  // 600 s after the first: both
        harness.clock.advance(2000)
        #expect(try await tick() == ["SlowVisit", "SyncVisit"])  // a long pause: one pull each, not one per missed interval

        // ManualVisit was never pulled by the loop; an explicit sync pulls every synced type.
        #expect(!Self.pulled(harness.server, after: 0).contains("ManualVisit"))
        let before = harness.server.requests.count
        _ = try await harness.sync.syncNow()
        #expect(Self.pulled(harness.server, after: before).sorted() == ["ManualVisit", "SlowVisit", "SyncVisit"])
    }

    @Test("each pull asks for its type's auto-refresh scope: user and group are sent, all (and no auto refresh) is the default")
    func pullsAskForTheScope() async throws {
        let harness = try await SyncHarness()  // SyncVisit: AutoRefresh(interval: 60), scope group (the default)
        try await harness.data.store.register(SlowVisit.self)
        try await harness.data.store.register(ManualVisit.self)
        _ = try await harness.sync.syncNow()
        func scope(_ typeName: String) -> String? {
            harness.server.requests(to: "\(WirePaths.objects)/\(typeName)").last?.parameter("scope")
        }
        #expect(scope("SyncVisit") == "group")
        #expect(scope("SlowVisit") == "user")
        #expect(harness.server.requests(to: "\(WirePaths.objects)/ManualVisit").count == 1)
        #expect(scope("ManualVisit") == nil)  // everything the user may see, the server's default
    }

    @Test("a cursor reached at another scope is dropped: the type is pulled again from 0 at its scope")
    func scopeChangeRestartsTheCursor() async throws {
        let harness = try await SyncHarness()
        // The cursor an older build reached pulling SyncVisit at all scopes.
        try await harness.data.syncState.set([.cursor("SyncVisit"): "41"])
        _ = try await harness.sync.syncNow()
        let first = try #require(harness.server.requests(to: "\(WirePaths.objects)/SyncVisit").last)
        #expect(first.parameter("since") == "0" && first.parameter("scope") == "group")
        // Once pulled at its scope, the cursor is kept.
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [.visit("v", patient: "V", ward: 1, version: 7)], cursor: 7, hasMore: false))
        _ = try await harness.sync.syncNow()
        _ = try await harness.sync.syncNow()
        #expect(harness.server.requests(to: "\(WirePaths.objects)/SyncVisit").last?.parameter("since") == "7")
    }
}
