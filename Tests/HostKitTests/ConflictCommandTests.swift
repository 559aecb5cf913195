import Foundation
import Logging
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataHostKit
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting
import StrataWire
import Synchronization
import Testing

/// `strata-host sync`'s conflict lines and `sync conflicts [keep-mine|keep-theirs]`, over a
/// pretend server whose pull tells that carol's write replaced this device's age.
@Suite("strata-host sync conflicts: told, listed, settled")
struct ConflictCommandTests {
    /// The pretend server: once `notice` is set, a pull of reports brings carol's age and the
    /// notice that it replaced this device's write.
    final class Server: Sendable {
        let notice = Mutex<(report: String, operationID: String)?>(nil)

        var script: SyncScript {
            SyncScript(pull: { typeName, since in
                guard typeName == "CaseReport", since < 20, let notice = self.notice.withLock({ $0 }) else { return nil }
                return PullResponse(
                    objects: [
                        WireObject(
                            objectId: notice.report,
                            values: [
                                "patientName": .text("Hanako Sato"), "age": .integer(51), "gender": .integer(0),
                                "isFollow": .integer(0), "memo": .text(""), "createdAt": .real(1), "updatedAt": .real(2),
                            ], scope: 2, ownerUser: "u1", ownerGroup: "g1", deleted: false, version: 20)
                    ], cursor: 20, hasMore: false,
                    overwritten: [
                        WireOverwrite(
                            objectId: notice.report, version: 20, operationId: notice.operationID, fields: ["age"],
                            yours: ["age": .integer(50)], theirs: ["age": .integer(51)], byAccount: "carol")
                    ])
            })
        }
    }

    /// A harness whose report's age 50 (sent and acknowledged) carol's 51 replaced: the next
    /// `sync` is told. Returns the harness and the report's id.
    private func overwritten() async throws -> (HostHarness, Server, String) {
        let server = Server()
        let data = await DataLayerFactory.inMemory(session: SyncCommandTests.sigrid)
        let harness = try await HostHarness(data: data, sync: SyncFactory.scripted(data: data, script: server.script))
        let report = try await harness.addReport("Hanako Sato", age: 50)
        let operationID = try #require(try await data.journal.changes(in: [.pending], limit: nil).first?.operationID)
        #expect(await harness.run("sync").status == 0)
        server.notice.withLock { $0 = (report, operationID) }
        return (harness, server, report)
    }

    @Test("the sync that learns of it prints one line naming the report, the field, both values and carol, and how to keep mine")
    func syncPrintsOneLine() async throws {
        let (harness, _, report) = try await overwritten()
        let outcome = await harness.run("sync")
        #expect(outcome.status == 0, "\(outcome)")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        let lines = outcome.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(outcome)")
        #expect(
            lines.last == "CaseReport \(report): your age (50) was replaced by carol's (51); "
                + "keep yours: strata-host sync conflicts keep-mine \(id)", "\(outcome)")
        let json = try #require(try HostHarness.json(await harness.run("sync", "--json")) as? [String: Any])
        #expect((json["conflicts"] as? [Any])?.isEmpty == true && json["resolved"] as? Int == 0, "told once: \(json)")
    }

    @Test("sync conflicts lists it as text and JSON; with none it says so")
    func listsConflicts() async throws {
        let (harness, _, report) = try await overwritten()
        let none = await harness.run("sync", "conflicts")
        #expect(none.status == 0 && none.text.hasPrefix("No conflicts"), "\(none)")
        _ = await harness.run("sync")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        let text = await harness.run("sync", "conflicts")
        for expected in ["CaseReport", String(report.prefix(8)), "replaced", "age", "50 → 51", "carol", id, "keep-mine ID"] {
            #expect(text.stdout.contains(expected), "\(expected) in \(text)")
        }
        let listed = try #require(try HostHarness.json(await harness.run("sync", "conflicts", "--json")) as? [[String: Any]])
        #expect(listed.count == 1, "\(listed)")
        #expect(listed.first?["id"] as? String == id && listed.first?["kind"] as? String == "overwritten")
        #expect(listed.first?["type"] as? String == "CaseReport" && listed.first?["objectId"] as? String == report)
        #expect(listed.first?["fields"] as? [String] == ["age"] && listed.first?["byAccount"] as? String == "carol")
        #expect((listed.first?["mine"] as? [String: Any])?["age"] as? Int == 50, "\(listed)")
        #expect((listed.first?["theirs"] as? [String: Any])?["age"] as? Int == 51, "\(listed)")
    }

    @Test("keep-mine by a start of the id writes my age back and queues it; the conflict is gone")
    func keepMine() async throws {
        let (harness, _, report) = try await overwritten()
        _ = await harness.run("sync")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        #expect(try await harness.domain.reports.get(id: report).age == 51)
        let kept = await harness.run("sync", "conflicts", "keep-mine", String(id.prefix(id.count - 1)))
        #expect(kept.status == 0, "\(kept)")
        #expect(kept.text == "Kept your age of CaseReport \(report) (50): sent again at the next sync.", "\(kept)")
        #expect(try await harness.data.conflicts.conflicts().isEmpty)
        #expect(try await harness.domain.reports.get(id: report).age == 50)
        let pending = try await harness.data.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operation) == [.update] && pending.first?.values["age"] == .integer(50), "\(pending)")
    }

    @Test("keep-theirs forgets it and keeps carol's age; nothing is queued")
    func keepTheirs() async throws {
        let (harness, _, report) = try await overwritten()
        _ = await harness.run("sync")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        let taken = await harness.run("sync", "conflicts", "keep-theirs", id)
        #expect(taken.status == 0, "\(taken)")
        #expect(taken.text == "Took carol's age of CaseReport \(report) (51).", "\(taken)")
        #expect(try await harness.data.conflicts.conflicts().isEmpty)
        #expect(try await harness.domain.reports.get(id: report).age == 51)
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("an id that names no conflict is a usage error: exit 64, one line naming it")
    func unknownID() async throws {
        let (harness, _, _) = try await overwritten()
        for verb in ["keep-mine", "keep-theirs"] {
            let outcome = await harness.run("sync", "conflicts", verb, "nope-nope")
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains("no open conflict has the id 'nope-nope'"), "\(outcome)")
        }
        let empty = await harness.run("sync", "conflicts", "keep-mine", " ")
        #expect(empty.status == 64 && empty.stderr.contains("the conflict id is empty"), "\(empty)")
    }

    @Test("sync conflicts --help explains keep-mine and keep-theirs")
    func help() async throws {
        let harness = try await HostHarness()
        let outcome = await harness.run("sync", "conflicts", "--help")
        #expect(outcome.status == 0, "\(outcome)")
        for expected in ["keep-mine", "keep-theirs", "your values", "server's version"] {
            #expect(outcome.stdout.contains(expected), "\(expected) in \(outcome)")
        }
        #expect(!outcome.stdout.contains("\\"), "the discussion's lines are joined: \(outcome)")
        let sync = await harness.run("sync", "--help")
        #expect(sync.stdout.contains("conflicts"), "\(sync)")
    }

    @Test("in Japanese the sync's conflict line and the list are Japanese; ids, names and values stay")
    func japanese() async throws {
        let (harness, _, report) = try await overwritten()
        let outcome = await MessageLanguage.$current.withValue(.japanese) { await harness.run("sync") }
        #expect(outcome.status == 0, "\(outcome)")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        #expect(
            outcome.text.split(separator: "\n").last.map(String.init) == "CaseReport \(report): あなたの age（50）は carol の値（51）で上書きされました。"
                + "自分の値を残すには: strata-host sync conflicts keep-mine \(id)", "\(outcome)")
        let listed = await MessageLanguage.$current.withValue(.japanese) { await harness.run("sync", "conflicts") }
        for expected in ["種類", "上書き", "自分 → 相手", "50 → 51", "carol", id, "1 件の競合があります"] {
            #expect(listed.stdout.contains(expected), "\(expected) in \(listed)")
        }
        let unknown = await MessageLanguage.$current.withValue(.japanese) {
            await harness.run("sync", "conflicts", "keep-theirs", "nope-nope")
        }
        #expect(unknown.status == 64 && unknown.stderr.contains("ID 'nope-nope' の競合はありません"), "\(unknown)")
        let short = await MessageLanguage.$current.withValue(.japanese) { await harness.run("sync", "conflicts", "keep-theirs", "0") }
        #expect(short.status == 64 && short.stderrLines.count == 1 && short.stderr.contains("'0' が短すぎます"), "\(short)")
    }

    @Test("a start of an id shorter than 8 characters is a usage error even when only one conflict could match: exit 64, one line")
    func shortIDStart() async throws {
        let (harness, _, report) = try await overwritten()
        _ = await harness.run("sync")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        for start in ["0", String(id.prefix(7))] {
            let outcome = await harness.run("sync", "conflicts", "keep-theirs", start)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(
                outcome.stderrLines.count == 1 && outcome.stderr.contains("'\(start)' is too short")
                    && outcome.stderr.contains("at least 8 characters"), "\(outcome)")
        }
        #expect(try await harness.data.conflicts.conflicts().map(\.id) == [id], "nothing settled")
        #expect(try await harness.domain.reports.get(id: report).age == 51)
        let taken = await harness.run("sync", "conflicts", "keep-theirs", String(id.prefix(8)))
        #expect(taken.status == 0, "\(taken)")
        #expect(try await harness.data.conflicts.conflicts().isEmpty)
    }

    @Test("the Account screen's keep-theirs refuses a start shorter than 8 characters as the command does, settling nothing")
    func accountRefusesAShortIDStart() async throws {
        let (harness, _, report) = try await overwritten()
        _ = await harness.run("sync")
        let id = try #require(try await harness.data.conflicts.conflicts().first?.id)
        // strata-host's `session` service with no engine: only the data layer's conflicts.
        let runtime = HostRuntime(
            domain: harness.domain, clock: harness.clock, notices: harness.data.notices,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, location: harness.data.location,
            conflicts: harness.data.conflicts)
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(try HostConfiguration.load(path: nil), registry: HostRegistry.make(runtime))
        let backend = try await container.context.service(.session)
        for start in ["0", String(id.prefix(7))] {
            let error = await #expect(throws: DataError.self) { try await backend.resolveConflict(start, keepMine: false) }
            #expect(error?.code == .notFound, "\(String(describing: error))")
            #expect(
                error?.message == "the conflict id '\(start)' is too short; give the whole id or at least 8 characters of it, "
                    + "as 'strata-host sync conflicts' lists it", "\(String(describing: error))")
        }
        let japanese = await MessageLanguage.$current.withValue(.japanese) {
            await #expect(throws: DataError.self) { try await backend.resolveConflict(String(id.prefix(7)), keepMine: false) }
        }
        #expect(japanese?.message.contains("が短すぎます") == true, "\(String(describing: japanese))")
        #expect(try await harness.data.conflicts.conflicts().map(\.id) == [id], "nothing settled")
        #expect(try await harness.domain.reports.get(id: report).age == 51)
        #expect(try await backend.resolveConflict(String(id.prefix(8)), keepMine: false).id == id)
        #expect(try await harness.data.conflicts.conflicts().isEmpty)
        await container.terminate(.quit)
    }

    @Test("a conflict the store cannot read is not listed; keep-theirs by its id forgets it, keep-mine fails naming it")
    func unreadableConflict() async throws {
        let unreadable = UnreadableConflicts(unreadable: "0193a5c2-7777-7000-8000-000000000001:9")
        let data = await DataLayerFactory.inMemory().replacing(conflicts: unreadable)
        let harness = try await HostHarness(data: data)
        let mine = await harness.run("sync", "conflicts", "keep-mine", "0193a5c2-7777")
        #expect(mine.status != 0 && mine.stderrLines.count == 1, "\(mine)")
        #expect(mine.stderr.contains("0193a5c2-7777-7000-8000-000000000001:9 cannot be read"), "\(mine)")
        #expect(unreadable.settled.withLock { $0 }.isEmpty)
        let theirs = await harness.run("sync", "conflicts", "keep-theirs", "0193a5c2-7777")
        #expect(theirs.status == 0, "\(theirs)")
        #expect(theirs.text == "Forgot the conflict 0193a5c2-7777, whose stored values could not be read; the object keeps the server's values.")
        #expect(unreadable.settled.withLock { $0 } == ["0193a5c2-7777-7000-8000-000000000001:9"])
        let unknown = await harness.run("sync", "conflicts", "keep-theirs", "0193a5c2-8888")
        #expect(unknown.status == 64 && unknown.stderr.contains("no open conflict has the id '0193a5c2-8888'"), "\(unknown)")
    }
}

/// A conflict store holding one conflict it cannot read: not listed, settled by its id (or a
/// start of it) only as keep theirs, as the live store does.
private final class UnreadableConflicts: SyncConflictStore {
    let unreadable: String
    let settled = Mutex<[String]>([])
    init(unreadable: String) { self.unreadable = unreadable }

    func recordOverwritten(_ notices: [WireOverwrite], typeName: String) async throws -> [SyncConflict] { [] }
    func conflicts() async throws -> [SyncConflict] { [] }
    func resolve(_ id: String, _ choice: ConflictChoice) async throws {
        guard id.count >= 8, unreadable.hasPrefix(id) else { throw DataError(.notFound, "no open conflict has the id '\(id)'") }
        guard case .keepTheirs = choice else {
            throw DataError(.incompatibleStore, "the conflict \(unreadable) cannot be read; keep theirs to forget it")
        }
        settled.withLock { $0.append(unreadable) }
    }
}
