import Foundation
import StrataAccountApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataSync
import StrataSyncTesting
import Synchronization
import Testing

/// The Account micro-app's list of the changes the server refused, with retry and discard.
@Suite("Account micro-app: rejected changes")
struct AccountRejectedTests {
    /// The double's rejected changes and what was done to them.
    final class Server: Sendable {
        let rejected = Mutex<[Change]>([
            SessionFixtures.rejected(
                "0193a5c2-0000-7000-8000-000000000001", object: "report-1", .update, at: 1_795_339_800,
                reason: "403: not your group"),
            SessionFixtures.rejected(
                "0193a5c2-0000-7000-8000-000000000002", object: "report-2", .insert, at: 1_795_339_860,
                reason: "403: members cannot create all-scope reports"),
        ])
        let done = Mutex<[String]>([])

        var double: SessionServiceDouble {
            var double = SessionServiceDouble()
            double.onCurrentUser = { SessionUser(userID: "u1", account: "sigrid") }
            double.onStatus = { SessionFixtures.status(rejected: self.rejected.withLock { $0.count }) }
            double.onRejectedChanges = { self.rejected.withLock { $0 } }
            double.onRetryRejected = { id in try self.take(id, "retry") }
            double.onDiscardRejected = { id in try self.take(id, "discard") }
            return double
        }

        private func take(_ id: String, _ verb: String) throws -> Change {
            try rejected.withLock { list in
                guard let index = list.firstIndex(where: { $0.operationID.hasPrefix(id) }) else {
                    throw SyncError(.notFound, "no rejected change has the id '\(id)'")
                }
                done.withLock { $0.append("\(verb) \(list[index].operationID)") }
                return list.remove(at: index)
            }
        }
    }

    private func boot(_ server: Server) async throws -> (MicroAppHarness, any RunningContainer) {
        let harness = try await MicroAppHarness()
        return (harness, try await SessionFixtures.boot(server.double, harness: harness))
    }

    @Test("the screen lists each refused change: number, type, object, operation, when, id, reason; and the two actions")
    func listsTheRejectedChanges() async throws {
        let (harness, container) = try await boot(Server())
        await harness.type("account", into: container)
        let screen = harness.screen
        for expected in [
            "The server refused 2 changes:", "report-1", "update", "2026-11-22T09:30:00Z", "403: not your group",
            "0193a5c2-0000-7000-8000-000000000002", "insert", "retry N", "discard N",
        ] {
            #expect(screen.contains(expected), "\(expected) in \(screen)")
        }
        await container.terminate(.quit)
    }

    @Test("retry N and discard ID act on the change and the list shrinks")
    func retryAndDiscard() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "retry 1", into: container)
        #expect(harness.screen.contains("Queued the update of CaseReport report-1 to be sent again at the next sync."), "\(harness.screen)")
        #expect(harness.screen.contains("The server refused 1 change:"), "\(harness.screen)")
        await harness.type("discard 0193a5c2-0000-7000-8000-000000000002", into: container)
        #expect(harness.screen.contains("Discarded the new CaseReport report-2: it is removed from this device."), "\(harness.screen)")
        #expect(!harness.screen.contains("The server refused"), "\(harness.screen)")
        #expect(server.done.withLock { $0 } == [
            "retry 0193a5c2-0000-7000-8000-000000000001", "discard 0193a5c2-0000-7000-8000-000000000002",
        ])
        await container.terminate(.quit)
    }

    @Test("retry without a change, past the list, or with an unknown id says so and changes nothing")
    func badChoices() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "retry", into: container)
        #expect(harness.screen.contains("Type retry N (1–2) or retry ID"), "\(harness.screen)")
        await harness.type("discard nope", into: container)
        #expect(harness.screen.contains("Cannot discard: no rejected change has the id 'nope'"), "\(harness.screen)")
        #expect(server.done.withLock { $0 }.isEmpty)
        await container.terminate(.quit)
    }

    @Test("in Japanese the list's heading is Japanese")
    func japanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let (harness, container) = try await boot(Server())
            await harness.type("account", into: container)
            #expect(harness.screen.contains("サーバーが 2 件の変更を拒否しました:"), "\(harness.screen)")
            await container.terminate(.quit)
        }
    }
}
