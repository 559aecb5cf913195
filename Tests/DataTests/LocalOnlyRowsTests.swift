import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataStore
import StrataWire
import Testing

/// A synced report, filed under its owner group.
private struct Report: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    init() {}
    static let schema = ValueObjectSchema<Report>(
        "Report", fields: [.field("name", \.name)],
        behaviour: ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 600, scope: .group), scope: .group))
}

/// A follow-up as the builds of store format 5 and older declared it: local only.
private struct LocalFollowUp: ValueObject, Equatable {
    var objectId: String?
    var reportID = ""
    var memo = ""
    init() {}
    init(reportID: String, memo: String) {
        self.reportID = reportID
        self.memo = memo
    }
    static let schema = ValueObjectSchema<LocalFollowUp>(
        "FollowUp", fields: [.field("reportID", \.reportID), .field("memo", \.memo)],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly),
        dependsOn: [ValueObjectDependency("reportID", on: "Report")])
}

/// The same follow-up as it is declared now: synced like its report, seen by whoever sees it.
private struct FollowUp: ValueObject, Equatable {
    var objectId: String?
    var reportID = ""
    var memo = ""
    init() {}
    init(reportID: String, memo: String) {
        self.reportID = reportID
        self.memo = memo
    }
    static let schema = ValueObjectSchema<FollowUp>(
        "FollowUp", fields: [.field("reportID", \.reportID), .field("memo", \.memo)],
        behaviour: ValueObjectBehaviour(following: Report.schema.behaviour, conflictPolicy: .failIfChanged),
        dependsOn: [ValueObjectDependency("reportID", on: "Report", sharesVisibility: true)])
}

@Suite("Store format 7: follow-ups saved while they were local only are journaled once")
struct LocalOnlyRowsTests {
    static let alice = AuthInfo(
        userID: "u-alice", account: "alice",
        groups: [
            GroupRole(groupID: "g-ward3", groupName: "ward3", roleName: "Member"),
            GroupRole(groupID: "g-ward4", groupName: "ward4", roleName: "Member"),
        ],
        token: "t", validUntil: Date(timeIntervalSince1970: 4_000_000_000))

    /// The store in `container`, with reports and follow-ups registered (`localOnly`: as the
    /// builds of format 5 and older declared follow-ups).
    func layer(_ container: ContainerDirectory, localOnly: Bool = false) async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: TestClock())
        try await layer.store.register(Report.self)
        if localOnly {
            try await layer.store.register(LocalFollowUp.self)
        } else {
            try await layer.store.register(FollowUp.self)
        }
        return layer
    }

    /// A store as a build of format 5 left it: alice's follow-ups (one to a ward4 report pulled
    /// from the server, one to a report no longer stored), local only, with no journal entry.
    /// Returns the two follow-ups' ids.
    func formatFiveStore(_ container: ContainerDirectory) async throws -> (shared: String, orphan: String) {
        let old = try await layer(container, localOnly: true)
        try await old.session.save(Self.alice)
        let report = WireObject(
            objectId: "r-ward4", values: ["name": .text("Hanako")], scope: 2, ownerUser: "u-bob", ownerGroup: "g-ward4",
            deleted: false, version: 7)
        _ = try await old.syncState.applyPulled(PullResponse(objects: [report], cursor: 7, hasMore: false), typeName: "Report")
        let shared = try await old.store.save(LocalFollowUp(reportID: "r-ward4", memo: "check BP"))
        let orphan = try await old.store.save(LocalFollowUp(reportID: "r-gone", memo: "report deleted"))
        #expect(try await old.journal.pendingCount() == 0)
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(#"DROP TABLE "_strata_local_only_rows""#)
        try inspector.execute("PRAGMA user_version = 5")
        return (try #require(shared.objectId), try #require(orphan.objectId))
    }

    @Test("a format-5 store's follow-up is journaled as one insert with its report's scope and owner group, alice as owner; never again")
    func sentOnceAfterTheUpgrade() async throws {
        let container = temporaryContainer()
        let (shared, orphan) = try await formatFiveStore(container)
        let inspector = SQLiteInspector(container.storeURL)
        #expect(try inspector.rows(#"SELECT "_ownerGroup" FROM "FollowUp" WHERE "objectId" = '\#(shared)'"#) == [["g-ward3"]])

        let upgraded = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        let changes = try await upgraded.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.objectID) == [shared], "the follow-up whose report is not stored waits, unsent")
        let change = try #require(changes.first)
        #expect(change.operation == .insert && change.typeName == "FollowUp")
        #expect(change.scope == .group && change.ownerGroup == "g-ward4" && change.ownerUser == "u-alice")
        // Made on no copy of the server's: any other user's differing write there is a conflict.
        #expect(change.policy == .failIfChanged && change.baseVersion == 0)
        #expect(change.values == ["reportID": .text("r-ward4"), "memo": .text("check BP")])
        // Its row is filed as its insert: under the report's group.
        #expect(try inspector.rows(#"SELECT "_ownerGroup" FROM "FollowUp" WHERE "objectId" = '\#(shared)'"#) == [["g-ward4"]])
        #expect(try await upgraded.store.fetch(FollowUp.self, id: orphan)?.memo == "report deleted")
        #expect(try inspector.rows(#"SELECT "objectId" FROM "_strata_local_only_rows""#) == [[orphan]])

        // Opened again before it was sent: still one change.
        let again = try await layer(container)
        #expect(try await again.journal.changes(in: [.pending], limit: nil).map(\.operationID) == [change.operationID])
        // Sent and acknowledged, not pulled back yet: nothing is queued again.
        let claimed = try await again.journal.claim(limit: 10, for: "u-alice", excluding: [])
        #expect(claimed.map(\.operationID) == [change.operationID])
        try await again.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let later = try await layer(container)
        #expect(try await later.journal.pendingCount() == 0)
    }

    @Test("a later edit of a journaled follow-up folds into its insert and keeps base version 0; a new one's insert has none")
    func foldedEditKeepsTheBaseVersion() async throws {
        let container = temporaryContainer()
        let (shared, _) = try await formatFiveStore(container)
        let upgraded = try await layer(container)
        var followUp = try #require(try await upgraded.store.fetch(FollowUp.self, id: shared))
        followUp.memo = "BP 150/95"
        _ = try await upgraded.store.save(followUp)
        let changes = try await upgraded.journal.changes(in: [.pending], limit: nil)
        #expect(changes.count == 1, "\(changes)")
        let change = try #require(changes.first)
        #expect(change.operation == .insert && change.baseVersion == 0)
        #expect(change.values["memo"] == .text("BP 150/95"))
        // A new follow-up's insert has none: nothing on the server to compare with.
        _ = try await upgraded.store.save(FollowUp(reportID: "r-ward4", memo: "new"))
        let fresh = try await upgraded.journal.changes(in: [.pending], limit: nil).filter { $0.objectID != shared }
        #expect(fresh.count == 1 && fresh.first?.operation == .insert && fresh.first?.baseVersion == nil)
    }

    @Test("deleting a journaled follow-up before it is sent sends the delete (the server may hold it already); a new one's delete sends nothing")
    func deleteOfAResentFollowUpIsSent() async throws {
        let container = temporaryContainer()
        let (shared, _) = try await formatFiveStore(container)
        let upgraded = try await layer(container)
        let followUp = try #require(try await upgraded.store.fetch(FollowUp.self, id: shared))
        _ = try await upgraded.store.delete(followUp)
        let changes = try await upgraded.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.objectID) == [shared] && changes.first?.operation == .delete, "\(changes)")
        // A follow-up made now never reached the server: its insert and delete cancel out.
        let fresh = try await upgraded.store.save(FollowUp(reportID: "r-ward4", memo: "new"))
        _ = try await upgraded.store.delete(fresh)
        #expect(try await upgraded.journal.changes(in: [.pending], limit: nil).map(\.objectID) == [shared])
    }

    @Test("a follow-up whose report is not stored yet stays listed, and is journaled once its report arrives; one whose row is gone is taken off")
    func followUpWaitsForItsReport() async throws {
        let container = temporaryContainer()
        let (_, orphan) = try await formatFiveStore(container)
        let inspector = SQLiteInspector(container.storeURL)
        let upgraded = try await layer(container)
        #expect(try await upgraded.journal.changes(in: [.pending], limit: nil).map(\.objectID) != [orphan])
        #expect(try inspector.rows(#"SELECT "objectId" FROM "_strata_local_only_rows""#) == [[orphan]])

        // Its report arrives (pulled); the next registration sends the follow-up under its group.
        let report = WireObject(
            objectId: "r-gone", values: ["name": .text("Jiro")], scope: 2, ownerUser: "u-carol", ownerGroup: "g-ward3",
            deleted: false, version: 9)
        _ = try await upgraded.syncState.applyPulled(PullResponse(objects: [report], cursor: 9, hasMore: false), typeName: "Report")
        let again = try await layer(container)
        let sent = try await again.journal.changes(in: [.pending], limit: nil).filter { $0.objectID == orphan }
        #expect(sent.count == 1 && sent.first?.ownerGroup == "g-ward3" && sent.first?.baseVersion == 0, "\(sent)")
        #expect(try inspector.rows(#"SELECT count(*) FROM "_strata_local_only_rows""#) == [["0"]])

        // A listed row whose own object is gone is only taken off.
        try inspector.execute(#"INSERT INTO "_strata_local_only_rows" ("typeName", "objectId") VALUES ('followup', 'f-gone')"#)
        let later = try await layer(container)
        #expect(try await later.journal.changes(in: [.pending], limit: nil).allSatisfy { $0.objectID != "f-gone" })
        #expect(try inspector.rows(#"SELECT count(*) FROM "_strata_local_only_rows""#) == [["0"]])
    }

    @Test("a format-6 store that lost its journal table (recovered) lists none of its follow-ups: nothing is sent again")
    func formatSixStoreWithoutJournalListsNothing() async throws {
        let container = temporaryContainer()
        let first = try await layer(container)
        try await first.session.save(Self.alice)
        _ = try await first.store.save(FollowUp(reportID: "r-1", memo: "sent under format 6"))
        let claimed = try await first.journal.claim(limit: 10, for: "u-alice", excluding: [])
        try await first.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(#"DROP TABLE "_strata_local_only_rows""#)
        try inspector.execute(#"DROP TABLE "_strata_journal""#)
        try inspector.execute("PRAGMA user_version = 6")

        let upgraded = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        #expect(try await upgraded.journal.pendingCount() == 0)
        #expect(try inspector.rows(#"SELECT count(*) FROM "_strata_local_only_rows""#) == [["0"]])
    }

    @Test("a format-6 store's follow-up, sent and acknowledged but not pulled back, is not sent again")
    func formatSixFollowUpsAreNotResent() async throws {
        let container = temporaryContainer()
        let first = try await layer(container)
        try await first.session.save(Self.alice)
        _ = try await first.store.save(FollowUp(reportID: "r-1", memo: "sent under format 6"))
        let claimed = try await first.journal.claim(limit: 10, for: "u-alice", excluding: [])
        #expect(claimed.count == 1)
        try await first.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(#"DROP TABLE "_strata_local_only_rows""#)
        try inspector.execute("PRAGMA user_version = 6")

        let upgraded = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        #expect(try await upgraded.journal.pendingCount() == 0)
    }

    @Test("a read-only opener (strata-status) reads a format-5 store as it is: no upgrade, nothing journaled; the next writer sends it")
    func readOnlyOpenerLeavesTheStore() async throws {
        let container = temporaryContainer()
        let (shared, _) = try await formatFiveStore(container)
        let inspector = SQLiteInspector(container.storeURL)
        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger))
        try await reader.store.register(Report.self)
        try await reader.store.register(FollowUp.self)
        #expect(try await reader.store.fetch(FollowUp.self, id: shared)?.memo == "check BP")
        #expect(try await reader.journal.pendingCount() == 0)
        #expect(try inspector.rows("PRAGMA user_version") == [["5"]])

        let writer = try await layer(container)
        #expect(try await writer.journal.changes(in: [.pending], limit: nil).map(\.objectID) == [shared])
    }

    @Test("a format-1 store (value-object tables only) sends its follow-up too, with no owner (as saved then), under its report's scope")
    func formatOneStoreSendsItsFollowUps() async throws {
        let container = temporaryContainer()
        try FileManager.default.createDirectory(at: container.url, withIntermediateDirectories: true)
        let inspector = SQLiteInspector(container.storeURL)
        for sql in [
            "PRAGMA application_id = \(0x5354_5241)", "PRAGMA user_version = 1",
            #"CREATE TABLE "Report" ("objectId" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL DEFAULT '')"#,
            #"CREATE TABLE "FollowUp" ("objectId" TEXT PRIMARY KEY NOT NULL, "reportID" TEXT NOT NULL DEFAULT '', "memo" TEXT NOT NULL DEFAULT '')"#,
            #"INSERT INTO "Report" VALUES ('r-1', 'Hanako')"#,
            #"INSERT INTO "FollowUp" VALUES ('f-1', 'r-1', 'from format 1')"#,
        ] {
            try inspector.execute(sql)
        }
        let upgraded = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        let changes = try await upgraded.journal.changes(in: [.pending], limit: nil).filter { $0.typeName == "FollowUp" }
        #expect(changes.map(\.objectID) == ["f-1"])
        #expect(changes.first?.operation == .insert && changes.first?.scope == .group)
        #expect(changes.first?.ownerUser == nil && changes.first?.ownerGroup == nil)
        #expect(changes.first?.values["memo"] == .text("from format 1"))
    }

    @Test("a listed follow-up that cannot be read stays listed, unsent, and goes once it reads again; the store still opens")
    func unreadableRowStaysListed() async throws {
        let container = temporaryContainer()
        let (shared, orphan) = try await formatFiveStore(container)
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(#"UPDATE "FollowUp" SET "memo" = x'00ff' WHERE "objectId" = '\#(shared)'"#)

        let upgraded = try await layer(container)
        #expect(try await upgraded.journal.pendingCount() == 0)
        #expect(Set(try inspector.rows(#"SELECT "objectId" FROM "_strata_local_only_rows""#)) == [[shared], [orphan]])

        try inspector.execute(#"UPDATE "FollowUp" SET "memo" = 'readable again' WHERE "objectId" = '\#(shared)'"#)
        let again = try await layer(container)
        let changes = try await again.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.objectID) == [shared])
        #expect(changes.first?.values["memo"] == .text("readable again"))
        // The one whose report is not stored still waits.
        #expect(try inspector.rows(#"SELECT "objectId" FROM "_strata_local_only_rows""#) == [[orphan]])
    }

    @Test("an upgrade that cannot list the follow-ups is refused naming the file and the step, and leaves it in format 5")
    func refusedUpgradeNamesTheFile() async throws {
        let container = temporaryContainer()
        _ = try await formatFiveStore(container)
        let inspector = SQLiteInspector(container.storeURL)
        // A table of that name but another shape (as a damaged or foreign edit would leave it).
        try inspector.execute(#"CREATE TABLE "_strata_local_only_rows" ("x" TEXT)"#)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: TestClock())
        }
        #expect(error.message.contains(container.storeURL.path), "\(error.message)")
        #expect(error.message.contains("store format 7 (the follow-ups saved while they were local only, to be sent)"), "\(error.message)")
        #expect(error.message.contains("the file was left in format 5"), "\(error.message)")
        #expect(try inspector.rows("PRAGMA user_version") == [["5"]])
    }
}
