import Foundation
import StrataCrossCutting
@_spi(Testing) import StrataData
import StrataJournal
import StrataSession
import StrataStore
import StrataTestSupport
import StrataWire
import Testing

/// `Query.scoped(_:)` (the seed's APQuery `scopeType`) on a real SQLite store holding rows of
/// several owners: saved by different signed-in users, saved while nobody was signed in, and
/// pulled from the server with the server's owner.
@Suite("Query scope: mine, group and all filter by the owner each row was stored with")
struct QueryScopeTests {
    /// A synced type ordered by `createdAt`, with an index for the signed-in user's own rows.
    struct Note: ValueObject, Equatable {
        var objectId: String?
        var text = ""
        var createdAt = Date(timeIntervalSince1970: 0)
        static let schema = ValueObjectSchema<Note>(
            "Note", fields: [.field("text", \.text), .field("createdAt", \.createdAt)],
            compoundIndexes: [CompoundIndex("createdAt"), CompoundIndex(CompoundIndex.ownerUser, "createdAt")],
            behaviour: ValueObjectBehaviour(persistentType: .localAndServer, scope: .group))
    }

    static func signIn(_ data: any DataLayer, _ user: String, groups: [String]) async throws {
        try await data.session.save(
            AuthInfo(
                userID: user, account: user, groups: groups.map { GroupRole(groupID: $0, groupName: $0, roleName: "member") },
                token: "t-\(user)", validUntil: Date().addingTimeInterval(3600)))
    }

    static func save(_ data: any DataLayer, _ texts: String...) async throws {
        for text in texts {
            var note = Note()
            note.text = text
            note.createdAt = Date(timeIntervalSince1970: Double(text.utf8.count))
            _ = try await data.store.save(note)
        }
    }

    /// alice (groups g1 then g2), bob (g1), carol (g3), erin (g2) each save notes; one is saved
    /// while nobody is signed in; two are pulled from the server (dave's in g2, frank's in g9).
    static func filledLayer() async throws -> any DataLayer {
        let data = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger)
        try await data.store.register(Note.self)
        try await save(data, "nobody's")
        for (user, groups, texts) in [
            ("alice", ["g1", "g2"], ["alice 1", "alice 2"]), ("bob", ["g1"], ["bob 1"]), ("carol", ["g3"], ["carol 1"]),
            ("erin", ["g2"], ["erin 1"]),
        ] {
            try await signIn(data, user, groups: groups)
            for text in texts { try await save(data, text) }
        }
        let pulled = [("dave 1", "dave", "g2"), ("frank 1", "frank", "g9")].enumerated().map { index, row in
            WireObject(
                objectId: "pulled-\(index)", values: ["text": .text(row.0), "createdAt": .real(Double(index))], scope: 2,
                ownerUser: row.1, ownerGroup: row.2, deleted: false, version: Int64(index + 1))
        }
        _ = try await data.syncState.applyPulled(PullResponse(objects: pulled, cursor: 2, hasMore: false), typeName: "Note")
        return data
    }

    static func texts(_ data: any DataLayer, _ scope: QueryScope) async throws -> Set<String> {
        Set(try await data.store.query(Query<Note>().scoped(scope)).map(\.text))
    }

    @Test("signed in: mine is the user's own rows, group adds every group's rows (saved or pulled), all is every row")
    func signedIn() async throws {
        let data = try await Self.filledLayer()
        try await Self.signIn(data, "alice", groups: ["g1", "g2"])
        #expect(try await Self.texts(data, .mine) == ["alice 1", "alice 2"])
        #expect(try await Self.texts(data, .group) == ["alice 1", "alice 2", "bob 1", "erin 1", "dave 1"])
        let all: Set<String> = ["nobody's", "alice 1", "alice 2", "bob 1", "carol 1", "erin 1", "dave 1", "frank 1"]
        #expect(try await Self.texts(data, .all) == all)
        #expect(Set(try await data.store.query(Query<Note>()).map(\.text)) == all)  // all is the default

        // The filter joins the conditions, the counts and the paging.
        #expect(try await data.store.count(Query<Note>().scoped(.mine)) == 2)
        #expect(try await data.store.count(Query<Note>().scoped(.group)) == 5)
        #expect(try await data.store.count(Query<Note>().scoped(.all)) == 8)
        #expect(try await data.store.count(Query<Note>().scoped(.group).whereKey("text", .like, "%1")) == 4)
        let pages = try await [1, 2, 3].asyncMap { index in
            try await data.store.query(Query<Note>().scoped(.group).sorted(by: "createdAt").page(size: 2, index: index)).map(\.text)
        }
        #expect(pages.map(\.count) == [2, 2, 1])
        #expect(Set(pages.joined()) == ["alice 1", "alice 2", "bob 1", "erin 1", "dave 1"])

        // Another user sees their own rows: bob's group is g1 only.
        try await Self.signIn(data, "bob", groups: ["g1"])
        #expect(try await Self.texts(data, .mine) == ["bob 1"])
        #expect(try await Self.texts(data, .group) == ["alice 1", "alice 2", "bob 1"])
        // A user in no group: group is their own rows.
        try await Self.signIn(data, "zoe", groups: [])
        #expect(try await Self.texts(data, .group).isEmpty)
    }

    @Test("signed out: mine and group are the rows saved while nobody was signed in")
    func signedOut() async throws {
        let data = try await Self.filledLayer()
        try await data.session.clear()
        #expect(try await Self.texts(data, .mine) == ["nobody's"])
        #expect(try await Self.texts(data, .group) == ["nobody's"])
        #expect(try await data.store.count(Query<Note>().scoped(.mine)) == 1)
        #expect(try await Self.texts(data, .all).count == 8)
    }

    @Test("a table from before owners were recorded, read-only: its rows are nobody's")
    func tableWithoutOwners() async throws {
        struct Plain: ValueObject {
            var objectId: String?
            var text = ""
            static let schema = ValueObjectSchema<Plain>(
                "Plain", fields: [.field("text", \.text)], behaviour: ValueObjectBehaviour(persistentType: .localOnly))
        }
        let container = temporaryContainer()
        let writer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await writer.store.register(Plain.self)
        _ = try await writer.store.save([Plain(text: "a"), Plain(text: "b")])
        try SQLiteInspector(container.storeURL).execute(#"ALTER TABLE "Plain" DROP COLUMN "_ownerUser""#)
        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger))
        try await reader.store.register(Plain.self)
        #expect(try await reader.store.count(Query<Plain>().scoped(.mine)) == 2)  // nobody signed in: unowned rows
        try await Self.signIn(writer, "alice", groups: ["g1"])
        #expect(try await reader.store.query(Query<Plain>().scoped(.mine)).isEmpty)
        #expect(try await reader.store.query(Query<Plain>().scoped(.group)).isEmpty)
        #expect(try await reader.store.count(Query<Plain>().scoped(.all)) == 2)
    }

    @Test("an owner key is accepted in a compound index only; a misspelt one names the owner keys")
    func ownerKeysInIndexes() async throws {
        struct Bad: ValueObject {
            var objectId: String?
            var text = ""
            static let schema = ValueObjectSchema<Bad>(
                "Bad", fields: [.field("text", \.text)], compoundIndexes: [CompoundIndex("_owner", "text")],
                behaviour: ValueObjectBehaviour(persistentType: .localOnly))
        }
        let data = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger)
        let error = await #expect(throws: DataError.self) { try await data.store.register(Bad.self) }
        #expect(error?.message.contains("key '_owner' is not a field; expected one of: text, _ownerUser, _ownerGroup") == true, "\(String(describing: error))")
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
