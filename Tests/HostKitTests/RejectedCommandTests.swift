import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataJournal
import StrataStore
import StrataSync
import StrataSyncTesting
import StrataWire
import Synchronization
import Testing

/// `strata-host sync rejected|retry|discard`, and a pulled report deletion taking its follow-ups.
@Suite("strata-host sync rejected, retry and discard; dependent rows of a pulled deletion")
struct RejectedCommandTests {
    /// The pretend server: refuses while `refusing`, and deletes reports on request.
    final class Server: Sendable {
        let refusing = Mutex(false)
        let deletedReports = Mutex<[String]>([])

        var script: SyncScript {
            SyncScript(
                rejection: { change in self.refusing.withLock { $0 } ? "403: \(change.typeName) is read-only for members" : nil },
                pull: { typeName, since in
                    guard typeName == "CaseReport", since < 10 else { return nil }
                    let deleted = self.deletedReports.withLock { $0 }
                    guard !deleted.isEmpty else { return nil }
                    return PullResponse(
                        objects: deleted.map {
                            WireObject(objectId: $0, values: [:], scope: 2, ownerUser: "u2", ownerGroup: "g1", deleted: true, version: 10)
                        }, cursor: 10, hasMore: false)
                })
        }
    }

    private func harness(_ server: Server) async throws -> HostHarness {
        let data = await DataLayerFactory.inMemory(session: SyncCommandTests.sigrid)
        return try await HostHarness(data: data, sync: SyncFactory.scripted(data: data, script: server.script))
    }

    @Test("no rejected changes says so; a refused one is listed with type, object, operation, when and reason, as text and JSON")
    func listsRejectedChanges() async throws {
        let server = Server()
        let harness = try await harness(server)
        let none = await harness.run("sync", "rejected")
        #expect(none.status == 0, "\(none)")
        #expect(none.text == "No rejected changes: the server took every change it was sent.")
        let emptyJSON = await harness.run("sync", "rejected", "--json")
        #expect(emptyJSON.text == "[]", "\(emptyJSON)")

        let report = try await harness.addReport("Hanako Sato")
        server.refusing.withLock { $0 = true }
        #expect(await harness.run("sync").status == 0)
        let text = await harness.run("sync", "rejected")
        #expect(text.status == 0, "\(text)")
        let change = try #require(try await harness.sync.rejectedChanges().first)
        for expected in [change.operationID, "CaseReport", report, "insert", "403: CaseReport is read-only for members", "sync retry ID"] {
            #expect(text.stdout.contains(expected), "\(expected) in \(text)")
        }
        let listed = await harness.run("sync", "rejected", "--json")
        #expect(listed.status == 0, "\(listed)")
        let json = try #require(try HostHarness.json(listed) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json.first?["id"] as? String == change.operationID)
        #expect(json.first?["type"] as? String == "CaseReport")
        #expect(json.first?["objectId"] as? String == report)
        #expect(json.first?["operation"] as? String == "insert")
        #expect(json.first?["reason"] as? String == "403: CaseReport is read-only for members")
        #expect((json.first?["createdAt"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("retry by a start of the id queues the change with the edits since; the next sync sends it")
    func retryQueuesTheEditedChange() async throws {
        let server = Server()
        let harness = try await harness(server)
        let report = try await harness.addReport("Hanako Sato")
        server.refusing.withLock { $0 = true }
        _ = await harness.run("sync")
        let id = try #require(try await harness.sync.rejectedChanges().first).operationID
        #expect(await harness.run("reports", "update", report, "--memo", "fixed").status == 0)
        server.refusing.withLock { $0 = false }

        let retry = await harness.run("sync", "retry", String(id.prefix(24)))
        #expect(retry.status == 0, "\(retry)")
        #expect(retry.text.contains(id) && retry.text.contains("sent again"), "\(retry)")
        #expect(try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.values["memo"]) == [.text("fixed")])
        let sync = try #require(try HostHarness.json(await harness.run("sync", "--json")) as? [String: Any])
        #expect(sync["pushed"] as? Int == 1)
        #expect(await harness.run("sync", "rejected").text.hasPrefix("No rejected changes"))
    }

    @Test("discard of a refused new report removes it, and its follow-ups, from this device")
    func discardRemovesARefusedInsert() async throws {
        let server = Server()
        let harness = try await harness(server)
        let report = try await harness.addReport("Hanako Sato")
        _ = try await harness.addFollowUp(report: report, date: "2026-11-01")
        server.refusing.withLock { $0 = true }
        _ = await harness.run("sync")
        let id = try #require(try await harness.sync.rejectedChanges().first).operationID
        let discard = await harness.run("sync", "discard", id)
        #expect(discard.status == 0, "\(discard)")
        #expect(discard.text.contains("removed from this device"), "\(discard)")
        #expect(await harness.run("reports", "show", report).status != 0)
        #expect(try await harness.domain.status.summary().overdue == 0)
    }

    @Test("an unknown id is one line naming it, exit 64")
    func unknownIDIsAUsageError() async throws {
        let harness = try await harness(Server())
        for verb in ["retry", "discard"] {
            let outcome = await harness.run("sync", verb, "no-such-change")
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
            #expect(outcome.stderr.contains("'no-such-change'"), "\(outcome)")
        }
        let empty = await harness.run("sync", "retry", "")
        #expect(empty.status == 64, "\(empty)")
    }

    @Test("in Japanese, the list's empty line and an unknown id are Japanese")
    func japanese() async throws {
        let harness = try await harness(Server())
        let (none, unknown) = await MessageLanguage.$current.withValue(.japanese) {
            (await harness.run("sync", "rejected"), await harness.run("sync", "retry", "abc"))
        }
        #expect(none.text == "拒否された変更はありません。")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("ID 'abc' の拒否された変更はありません"), "\(unknown)")
    }

    @Test("a pulled report deletion deletes its follow-ups in the same pull: the overdue count drops")
    func pulledDeletionTakesTheFollowUps() async throws {
        let server = Server()
        let harness = try await harness(server)
        let deleted = try await harness.addReport("Hanako Sato")
        let kept = try await harness.addReport("Taro Yamada")
        _ = try await harness.addFollowUp(report: deleted, date: "2026-11-01")
        _ = try await harness.addFollowUp(report: deleted, date: "2026-11-02")
        _ = try await harness.addFollowUp(report: kept, date: "2026-11-03")
        #expect(await harness.run("sync").status == 0)
        #expect(try await harness.domain.status.summary().overdue == 3)

        server.deletedReports.withLock { $0 = [deleted] }
        let sync = await harness.run("sync")
        #expect(sync.status == 0, "\(sync)")
        #expect(try await harness.domain.status.summary().overdue == 1)
        #expect(try await harness.domain.status.summary().reports == 1)
        let follows = await harness.run("follows", "list")
        #expect(!follows.stdout.contains(deleted), "\(follows)")
    }
}
