import Foundation
import StrataData
import StrataDataTesting
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
import Testing

/// What only the double's new parts do: owners from its session, its call gate on the
/// journal, log, session and notices, and its read-only mode for them.
@Suite("the in-memory data layer's journal, log, session and notices")
struct InMemoryLayerTests {
    @Test("changes record the signed-in user and primary group; a coalesced change keeps its first owner")
    func changesRecordTheOwner() async throws {
        let clock = SteppingClock()
        let layer = await DataLayerFactory.inMemory(clock: clock, session: .sample(validUntil: clock.now() + 100))
        try await layer.store.register(Ledger.self)
        var ledger = try await layer.store.save(Ledger("a"))
        var change = try await onlyChange(layer.journal)
        #expect(change.ownerUser == "u-42" && change.ownerGroup == "g-ward")

        try await layer.session.save(
            AuthInfo(userID: "u-7", account: "other", groups: [], token: "t", validUntil: clock.now() + 100))
        ledger.amount = 1
        _ = try await layer.store.save(ledger)
        change = try await onlyChange(layer.journal)
        #expect(change.ownerUser == "u-42" && change.ownerGroup == "g-ward")
        _ = try await layer.store.save(Ledger("b"))
        let second = try #require(try await layer.journal.changes(in: [.pending], limit: nil).last)
        #expect(second.ownerUser == "u-7" && second.ownerGroup == nil)  // no groups: no primary group

        clock.advance(by: 100)  // past its end on this clock: still the session (the server's 401 decides)
        _ = try await layer.store.save(Ledger("c"))
        let third = try #require(try await layer.journal.changes(in: [.pending], limit: nil).last)
        #expect(third.ownerUser == "u-7" && third.ownerGroup == nil)
    }

    @Test("a double can start signed in")
    func startsSignedIn() async throws {
        let info = AuthInfo.sample(validUntil: .distantFuture)
        #expect(try await DataLayerFactory.inMemory(session: info).session.current() == info)
        #expect(try await DataLayerFactory.inMemory().session.current() == nil)
    }

    @Test("every journal, log, session member is gated by its own name")
    func newMembersAreGated() async throws {
        let layer = await DataLayerFactory.inMemory(allowing: [.register, .save])
        try await layer.store.register(Parcel.self)
        _ = try await layer.store.save(Parcel("saving journals without allowing any journal member"))
        let journal = layer.journal
        let log = layer.diagnostics
        let session = layer.session
        let calls: [(DataOperation, String, () async throws -> Void)] = [
            (.pendingCount, "journal.pendingCount()", { _ = try await journal.pendingCount() }),
            (.changes, "journal.changes(in:limit:)", { _ = try await journal.changes(in: [.pending], limit: nil) }),
            (.rejected, "journal.rejected()", { _ = try await journal.rejected() }),
            (.retry, "journal.retry(operationID: op-1)", { try await journal.retry(operationID: "op-1") }),
            (.discard, "journal.discard(operationID: op-1)", { try await journal.discard(operationID: "op-1") }),
            (.claim, "journal.claim(limit: 5)", { _ = try await journal.claim(limit: 5) }),
            (.acknowledge, "journal.acknowledge(operationIDs:)", { try await journal.acknowledge(operationIDs: []) }),
            (.reject, "journal.reject(operationID: op-1, reason:)", { try await journal.reject(operationID: "op-1", reason: "r") }),
            (.release, "journal.release(operationIDs:)", { try await journal.release(operationIDs: []) }),
            (.logError, "diagnostics.logError(_:metadata:)", { try await log.logError("e", metadata: [:]) }),
            (.logMonitor, "diagnostics.logMonitor(_:metadata:)", { try await log.logMonitor("m", metadata: [:]) }),
            (.collectionLevel, "diagnostics.collectionLevel()", { _ = try await log.collectionLevel() }),
            (.setCollectionLevel, "diagnostics.setCollectionLevel(monitor)", { try await log.setCollectionLevel(.monitor) }),
            (.logEntries, "diagnostics.entries(limit:)", { _ = try await log.entries(limit: nil) }),
            (.removeLogEntries, "diagnostics.removeEntries(through: 3)", { try await log.removeEntries(through: 3) }),
            (.currentSession, "session.current()", { _ = try await session.current() }),
            (.saveSession, "session.save(_:)", { try await session.save(.sample(validUntil: .distantFuture)) }),
            (.clearSession, "session.clear()", { try await session.clear() }),
        ]
        #expect(Set(calls.map(\.0)).union([.register, .save, .saveList, .fetch, .delete, .deleteList, .deleteAll, .query, .count, .notices])
            == Set(DataOperation.allCases))
        for (operation, call, body) in calls {
            let error = await dataError(body)
            #expect(error?.code == .unexpectedCall, "\(operation)")
            #expect(
                error?.message == "StrataDataTesting: unexpected call to \(call); this double allows only: register, save",
                "\(operation)")
        }
        // Allowed, the same members work.
        let open = await DataLayerFactory.inMemory(allowing: [.register, .save, .pendingCount, .claim])
        try await open.store.register(Parcel.self)
        _ = try await open.store.save(Parcel("p"))
        #expect(try await open.journal.pendingCount() == 1)
        #expect(try await open.journal.claim(limit: 1).count == 1)
    }

    @Test("a notice stream the test did not allow ends at once; an allowed one stays open")
    func refusedNoticesEndAtOnce() async throws {
        let refused = await DataLayerFactory.inMemory(allowing: [.register, .save])
        try await refused.store.register(Item.self)
        var iterator = await refused.notices.changes(of: []).makeAsyncIterator()
        _ = try await refused.store.save(Item("x"))
        #expect(await iterator.next() == nil)

        let allowed = await DataLayerFactory.inMemory(allowing: [.register, .save, .notices])
        try await allowed.store.register(Item.self)
        var open = await allowed.notices.changes(of: ["Item"]).makeAsyncIterator()
        _ = try await allowed.store.save(Item("x"))
        #expect(await open.next() == StoreChange(typeNames: ["Item"]))
    }

    @Test("a notice stream reports only commits after it was made, and failed writes not at all")
    func noticesStartAtTheStream() async throws {
        let layer = await DataLayerFactory.inMemory()
        try await layer.store.register(Badge.self)
        try await layer.store.register(Item.self)
        _ = try await layer.store.save(Badge("before"))
        var iterator = await layer.notices.changes(of: []).makeAsyncIterator()
        #expect(await dataError { try await layer.store.save(Badge("before")) }?.code == .duplicate)
        _ = try await layer.store.save(Item("after"))
        #expect(await iterator.next() == StoreChange(typeNames: ["Item"]))
    }

    @Test("a read-only double reads an empty journal and log and refuses to change them")
    func readOnlyRefusesJournalAndLogWrites() async throws {
        let layer = await DataLayerFactory.inMemory(readOnly: true)
        #expect(try await layer.journal.pendingCount() == 0)
        #expect(try await layer.journal.rejected().isEmpty)
        #expect(try await layer.journal.claim(limit: 0).isEmpty)
        #expect(try await layer.diagnostics.entries(limit: nil).isEmpty)
        #expect(try await !layer.diagnostics.logMonitor("dropped by the level, so nothing to refuse", metadata: [:]))
        let writes: [() async throws -> Void] = [
            { _ = try await layer.journal.claim(limit: 1) }, { try await layer.journal.acknowledge(operationIDs: ["x"]) },
            { try await layer.journal.retry(operationID: "x") }, { try await layer.journal.discard(operationID: "x") },
            { try await layer.journal.reject(operationID: "x", reason: "r") }, { try await layer.journal.release(operationIDs: ["x"]) },
            { try await layer.diagnostics.logError("kept, so refused", metadata: [:]) },
            { try await layer.diagnostics.setCollectionLevel(.monitor) }, { try await layer.diagnostics.removeEntries(through: 1) },
        ]
        for write in writes {
            let error = await dataError(write)
            #expect(error?.code == .readOnly)
            #expect(error?.message.contains("read-only") == true)
        }
    }

    @Test("journal, log and session are safe from many threads at once")
    func concurrentUseIsSafe() async throws {
        let layer = await DataLayerFactory.inMemory()
        try await layer.store.register(Ledger.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        var ledger = try await layer.store.save(Ledger("w\(worker)-\(index)"))
                        ledger.amount = index
                        _ = try await layer.store.save(ledger)
                        try await layer.diagnostics.logError("w\(worker)", metadata: [:])
                        _ = try await layer.journal.claim(limit: 3)
                    }
                }
            }
            try await group.waitForAll()
        }
        let all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
        #expect(Set(all.map(\.objectID)).count == 200)
        #expect(try await layer.journal.pendingCount() == all.count)
        #expect(try await layer.diagnostics.entries(limit: nil).count == 200)
        #expect(Set(try await layer.diagnostics.entries(limit: nil).map(\.sequence)).count == 200)
    }
}
