import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting
import StrataWire
import Synchronization
import Testing

/// A note synced with the server.
private struct Note: ValueObject, Equatable {
    var objectId: String?
    var text = ""
    init() {}
    init(text: String) { self.text = text }
    static let schema = ValueObjectSchema<Note>(
        "Note", fields: [.field("text", \.text)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

@Suite("Sync engine: rejected changes listed, retried with the edits since, discarded with the server's version restored")
struct RejectedSyncTests {
    private static let info = AuthInfo(
        userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: Date(timeIntervalSince1970: 4_000_000_000))

    /// The pretend server's state: whether it refuses, what it received, what it holds.
    final class Server: Sendable {
        let refusing = Mutex(false)
        let pushed = Mutex<[WireChange]>([])
        let held = Mutex<[String: WireObject]>([:])
        let lookedUp = Mutex<[String]>([])

        var script: SyncScript {
            SyncScript(
                rejection: { change in
                    guard !self.refusing.withLock({ $0 }) else { return "403: not your group" }
                    self.pushed.withLock { $0.append(change) }
                    return nil
                },
                object: { _, id in
                    self.lookedUp.withLock { $0.append(id) }
                    return self.held.withLock { $0[id] }
                })
        }
    }

    private func engine(_ server: Server) async throws -> (any DataLayer, any SyncEngine) {
        let data = await DataLayerFactory.inMemory(session: Self.info)
        try await data.store.register(Note.self)
        return (data, SyncFactory.scripted(data: data, script: server.script))
    }

    @Test("a refused change is listed with the server's reason; retry by a start of its id sends the edited values once")
    func retrySendsTheEditedValues() async throws {
        let server = Server()
        let (data, sync) = try await engine(server)
        var note = try await data.store.save(Note(text: "first"))
        server.refusing.withLock { $0 = true }
        #expect(try await sync.syncNow().rejected == 1)
        let rejected = try await sync.rejectedChanges()
        #expect(rejected.map(\.reason) == ["403: not your group"])
        #expect(rejected.map(\.objectID) == [note.objectId!])

        note.text = "fixed"
        note = try await data.store.save(note)
        server.refusing.withLock { $0 = false }
        let id = rejected[0].operationID
        let retried = try await sync.retryRejected(String(id.prefix(30)))
        #expect(retried.operationID == id)
        #expect(try await sync.rejectedChanges().isEmpty)
        #expect(try await sync.syncNow().pushed == 1)
        let sent = server.pushed.withLock { $0 }
        #expect(sent.map(\.operation) == ["insert"])
        #expect(sent.first?.values["text"] == .text("fixed"))
    }

    @Test("an id no rejected change has, or one that starts several, is notFound naming it")
    func unknownAndAmbiguousIDs() async throws {
        let server = Server()
        let (data, sync) = try await engine(server)
        _ = try await data.store.save([Note(text: "a"), Note(text: "b")])
        server.refusing.withLock { $0 = true }
        _ = try await sync.syncNow()
        let ids = try await sync.rejectedChanges().map(\.operationID)
        #expect(ids.count == 2)
        let unknown = await #expect(throws: SyncError.self) { try await sync.retryRejected("nope") }
        #expect(unknown?.code == .notFound)
        #expect(unknown?.message.contains("'nope'") == true, "\(String(describing: unknown))")
        let shared = String(zip(ids[0], ids[1]).prefix { $0 == $1 }.map(\.0))
        try #require(!shared.isEmpty, "ids made in one save share their millisecond")
        let ambiguous = await #expect(throws: SyncError.self) { try await sync.discardRejected(shared) }
        #expect(ambiguous?.code == .notFound)
        #expect(ambiguous?.message.contains("2") == true, "\(String(describing: ambiguous))")
        #expect(try await sync.rejectedChanges().count == 2, "nothing was done")
    }

    @Test("discard keeps the local edit until the next sync, which fetches the server's version by id")
    func discardRestoresTheServersVersion() async throws {
        let server = Server()
        let (data, sync) = try await engine(server)
        var note = try await data.store.save(Note(text: "on the server"))
        let id = try #require(note.objectId)
        _ = try await sync.syncNow()
        server.held.withLock {
            $0[id] = WireObject(
                objectId: id, values: ["text": .text("on the server")], scope: 2, ownerUser: "u1", ownerGroup: nil,
                deleted: false, version: 1)
        }
        note.text = "refused edit"
        _ = try await data.store.save(note)
        server.refusing.withLock { $0 = true }
        _ = try await sync.syncNow()
        let refused = try #require(try await sync.rejectedChanges().first)
        #expect(refused.operation == .update)

        _ = try await sync.discardRejected(refused.operationID)
        #expect(try await data.store.fetch(Note.self, id: id)?.text == "refused edit", "until the next pull")
        server.refusing.withLock { $0 = false }
        let report = try await sync.syncNow()
        #expect(server.lookedUp.withLock { $0 } == [id])
        #expect(report.pulled["Note"] == 1)
        #expect(try await data.store.fetch(Note.self, id: id)?.text == "on the server")
        _ = try await sync.syncNow()
        #expect(server.lookedUp.withLock { $0 } == [id], "fetched once: the mark is gone")
    }

    @Test("discard of an object the server no longer has: the 404 deletes the local row")
    func discardOfAnObjectTheServerLost() async throws {
        let server = Server()
        let (data, sync) = try await engine(server)
        var note = try await data.store.save(Note(text: "on the server"))
        let id = try #require(note.objectId)
        _ = try await sync.syncNow()
        note.text = "refused edit"
        _ = try await data.store.save(note)
        server.refusing.withLock { $0 = true }
        _ = try await sync.syncNow()
        _ = try await sync.discardRejected(try #require(try await sync.rejectedChanges().first).operationID)
        server.refusing.withLock { $0 = false }
        _ = try await sync.syncNow()
        #expect(server.lookedUp.withLock { $0 } == [id])
        #expect(try await data.store.fetch(Note.self, id: id) == nil)
    }

    @Test("listing, retrying and discarding need no server")
    func worksOffline() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.info)
        let sync = SyncFactory.offline(data: data)
        #expect(try await sync.rejectedChanges().isEmpty)
        let error = await #expect(throws: SyncError.self) { try await sync.retryRejected("x") }
        #expect(error?.code == .notFound)
    }
}
