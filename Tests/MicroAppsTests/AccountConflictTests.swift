import Foundation
import StrataAccountApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting
import Synchronization
import Testing

/// The Account micro-app's list of the conflicts with other users' writes, with keep-mine and
/// keep-theirs.
@Suite("Account micro-app: conflicts")
struct AccountConflictTests {
    /// The double's open conflicts and what was done to them.
    final class Server: Sendable {
        let open = Mutex<[SyncConflict]>([
            SyncConflict(
                id: "0193a5c2-0000-7000-8000-000000000001:20", kind: .overwritten, typeName: "CaseReport", objectID: "report-1",
                fields: ["age"], mine: ["age": .integer(50)], theirs: ["age": .integer(51)], byAccount: "carol",
                serverVersion: 3, detectedAt: Date(timeIntervalSince1970: 1_795_339_800)),
            SyncConflict(
                id: "0193a5c2-0000-7000-8000-000000000002", kind: .refused, typeName: "FollowUp", objectID: "follow-1",
                fields: ["memo"], mine: ["memo": .text("mine")], theirs: ["memo": .text("theirs")], byAccount: "carol",
                serverVersion: 4, detectedAt: Date(timeIntervalSince1970: 1_795_339_860)),
        ])
        let done = Mutex<[String]>([])

        var double: SessionServiceDouble {
            var double = SessionServiceDouble()
            double.onCurrentUser = { SessionUser(userID: "u1", account: "sigrid") }
            double.onStatus = { SessionFixtures.status() }
            double.onConflicts = { self.open.withLock { $0 } }
            double.onResolveConflict = { id, keepMine in
                try self.open.withLock { list in
                    guard let index = list.firstIndex(where: { $0.id.hasPrefix(id) }) else {
                        throw SyncError(.notFound, "no open conflict has the id '\(id)'")
                    }
                    self.done.withLock { $0.append("\(keepMine ? "keep-mine" : "keep-theirs") \(list[index].id)") }
                    return list.remove(at: index)
                }
            }
            return double
        }
    }

    private func boot(_ server: Server) async throws -> (MicroAppHarness, any RunningContainer) {
        let harness = try await MicroAppHarness()
        return (harness, try await SessionFixtures.boot(server.double, harness: harness))
    }

    @Test("the screen lists each conflict: number, type, object, what happened, fields, mine → theirs, by whom, id; and the two actions")
    func listsTheConflicts() async throws {
        let (harness, container) = try await boot(Server())
        await harness.type("account", into: container)
        let screen = harness.screen
        for expected in [
            "2 writes of yours met another user's:", "report-1", "replaced", "age", "50 → 51", "carol",
            "0193a5c2-0000-7000-8000-000000000001:20", "follow-1", "refused", "'mine' → 'theirs'", "keep-mine N", "keep-theirs N",
        ] {
            #expect(screen.contains(expected), "\(expected) in \(screen)")
        }
        await container.terminate(.quit)
    }

    @Test("keep-mine N and keep-theirs ID settle the conflict and the list shrinks")
    func keepMineAndTheirs() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "keep-mine 1", into: container)
        #expect(harness.screen.contains("Kept your age of CaseReport report-1 (50): sent again at the next sync."), "\(harness.screen)")
        #expect(harness.screen.contains("1 write of yours met another user's:"), "\(harness.screen)")
        await harness.type("keep-theirs 0193a5c2-0000-7000-8000-000000000002", into: container)
        #expect(harness.screen.contains("Took carol's memo of FollowUp follow-1 ('theirs')."), "\(harness.screen)")
        #expect(!harness.screen.contains("met another user's"), "\(harness.screen)")
        #expect(server.done.withLock { $0 } == [
            "keep-mine 0193a5c2-0000-7000-8000-000000000001:20", "keep-theirs 0193a5c2-0000-7000-8000-000000000002",
        ])
        await container.terminate(.quit)
    }

    @Test("keep-mine without a conflict, or with an unknown id, says so and changes nothing")
    func badChoices() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "keep-mine", into: container)
        #expect(harness.screen.contains("Type keep-mine N (1–2) or keep-mine ID"), "\(harness.screen)")
        await harness.type("keep-theirs nope", into: container)
        #expect(harness.screen.contains("Cannot keep-theirs: no open conflict has the id 'nope'"), "\(harness.screen)")
        #expect(server.done.withLock { $0 }.isEmpty)
        await container.terminate(.quit)
    }

    @Test("sync says how many conflicts it found and how many the types' rules settled; the list shows them")
    func syncTellsConflicts() async throws {
        let server = Server()
        var double = server.double
        double.onSyncNow = { SessionFixtures.report(pushed: 1, pulled: 1, conflicts: 2, resolved: 1) }
        let harness = try await MicroAppHarness()
        let container = try await SessionFixtures.boot(double, harness: harness)
        await harness.type("account", "sync", into: container)
        #expect(
            harness.screen.contains(
                "Synced: sent 1 change (0 rejected), pulled 1 object, 0 kept local. 2 writes of yours met another user's: "
                    + "see below. 1 settled by the type's own rule."), "\(harness.screen)")
        #expect(harness.screen.contains("2 writes of yours met another user's:"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("in Japanese the list's heading and kinds are Japanese")
    func japanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let (harness, container) = try await boot(Server())
            await harness.type("account", into: container)
            let screen = harness.screen
            #expect(screen.contains("他のユーザーの書き込みと競合したあなたの書き込みが 2 件あります:"), "\(screen)")
            #expect(screen.contains("上書き") && screen.contains("拒否"), "\(screen)")
            await container.terminate(.quit)
        }
    }
}
