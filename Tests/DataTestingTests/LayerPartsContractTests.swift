import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataTestSupport
import Testing

/// The diagnostic log, the session store and the change notices: the same contract on the
/// double and on the live layer.
@Suite("diagnostic log, session and notices")
struct LayerPartsContractTests {
    static let kinds: [StoreKind] = StoreKind.allCases

    @Test("the log keeps errors at the default level and monitoring only at monitor", arguments: kinds)
    func logLevelGatesEntries(kind: StoreKind) async throws {
        let clock = SteppingClock()
        try await kind.withLayer(clock: clock) { layer in
            let log = layer.diagnostics
            #expect(try await log.collectionLevel() == .error)
            #expect(try await log.logError("sync failed", metadata: ["status": "503"]))
            #expect(try await !log.logMonitor("opened reports", metadata: [:]))
            try await log.setCollectionLevel(.monitor)
            #expect(try await log.collectionLevel() == .monitor)
            clock.advance(by: 3)
            #expect(try await log.logMonitor("opened reports", metadata: ["screen": "list"]))
            try await log.setCollectionLevel(.none)
            #expect(try await !log.logError("dropped", metadata: [:]))
            #expect(try await !log.logMonitor("dropped", metadata: [:]))

            let entries = try await log.entries(limit: nil)
            #expect(entries.map(\.message) == ["sync failed", "opened reports"])
            #expect(entries.map(\.level) == [.error, .monitor])
            #expect(entries.map(\.metadata) == [["status": "503"], ["screen": "list"]])
            #expect(entries.map(\.loggedAt) == [clock.now() - 3, clock.now()])
            #expect(entries[0].sequence < entries[1].sequence)
            #expect(try await log.entries(limit: 1).map(\.message) == ["sync failed"])
            #expect(await asyncDataError { try await log.entries(limit: -1) }?.code == .invalidQuery)

            try await log.removeEntries(through: entries[0].sequence)
            #expect(try await log.entries(limit: nil).map(\.message) == ["opened reports"])
        }
    }

    @Test("the session is kept until the clock reaches validUntil, and logout clears it", arguments: kinds)
    func sessionExpiresByTheClock(kind: StoreKind) async throws {
        let clock = SteppingClock()
        try await kind.withLayer(clock: clock) { layer in
            let session = layer.session
            #expect(try await session.current() == nil)
            try await session.clear()  // harmless when nobody is signed in
            let info = AuthInfo.sample(validUntil: clock.now() + 60)
            try await session.save(info)
            #expect(try await session.current() == info)
            clock.advance(by: 59.5)
            #expect(try await session.current() == info)
            clock.advance(by: 0.5)  // validUntil reached
            #expect(try await session.current() == nil)
            try await session.save(AuthInfo.sample(validUntil: clock.now() + 60))
            try await session.clear()
            #expect(try await session.current() == nil)
        }
    }

    @Test("a notice stream yields after each commit touching its types", .timeLimit(.minutes(1)), arguments: kinds)
    func noticesFollowCommits(kind: StoreKind) async throws {
        let url = TemporaryRoot.directory("strata-notices")
        defer { try? FileManager.default.removeItem(at: url) }
        let layer = try kind.layer(at: url)
        try layer.store.register(Item.self)
        try layer.store.register(Badge.self)
        var items = layer.notices.changes(of: ["Item"]).makeAsyncIterator()
        var everything = layer.notices.changes(of: []).makeAsyncIterator()

        _ = try layer.store.save(Badge("b"))
        _ = try layer.store.save(Item("i"))
        // A notice may cover several commits (the live watcher polls), so collect until both show.
        var seen: Set<String> = []
        while !seen.isSuperset(of: ["Badge", "Item"]), let change = await everything.next() {
            seen.formUnion(change.typeNames)
        }
        #expect(seen == ["Badge", "Item"])
        #expect(await items.next() == StoreChange(typeNames: ["Item"]), "a filtered stream names only its types")
        _ = try layer.store.deleteAll(Item.self)
        #expect(await items.next() == StoreChange(typeNames: ["Item"]))
    }
}

extension StoreKind {
    /// A data layer of this kind (for tests that need more than ``withLayer(clock:_:)`` gives).
    func layer(at url: URL) throws -> any DataLayer {
        switch self {
        case .inMemory: DataLayerFactory.inMemory()
        case .live: try DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger)
        }
    }
}

extension AuthInfo {
    /// A signed-in nurse in two groups (the first is the primary group).
    static func sample(validUntil: Date) -> AuthInfo {
        AuthInfo(
            userID: "u-42", account: "nurse", groups: [
                GroupRole(groupID: "g-ward", groupName: "Ward 3", roleName: "Nurse"),
                GroupRole(groupID: "g-all", groupName: "Everyone", roleName: "Member"),
            ], token: "token-abc", validUntil: validUntil)
    }
}
