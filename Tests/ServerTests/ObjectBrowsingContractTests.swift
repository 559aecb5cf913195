import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// The admin console's reads of an app version's objects (``AppObjectBrowsing``), alike on
/// SQLite and PostgreSQL: the counts per type, a page of one type newest first with its total,
/// the search (literal, ASCII case-insensitive, or by owner), one app version's rows only, and
/// an object's narrowings and overwrite notices newest first.
@Suite("server data: the admin console's browsing reads on both engines")
struct ObjectBrowsingContractTests {
    static let logger = Logger(label: "strata-browsing-test") { _ in SwiftLogNoOpLogHandler() }

    static func object(_ type: String, _ id: String, owner: String, deleted: Bool = false, version: Int64) -> StoredObject {
        StoredObject(
            typeName: type, objectId: id, values: deleted ? [:] : ["t": .text(id)], scope: 1, ownerUser: owner, ownerGroup: nil,
            deleted: deleted, version: version)
    }

    @Test("counts per type; a page newest first with its total; search literal, case-insensitive or by owner; one app version only", arguments: TestEngine.allCases)
    func browse(engine: TestEngine) async throws {
        let data = try await engine.open(directory: TemporaryRoot.directory("browsing"), logger: Self.logger)
        let store = try await data.appStore(appId: "org.browse", version: "1")
        let other = try await data.appStore(appId: "org.browse", version: "2")
        try await store.write { transaction in
            for (id, owner, deleted) in [("a_1", "u-a", false), ("a%2", "u-a", false), ("B3", "u-b", false), ("c4", "u-c", true)] {
                try await transaction.save(Self.object("Note", id, owner: owner, deleted: deleted, version: try await transaction.nextVersion()))
            }
            try await transaction.save(Self.object("Task", "t1", owner: "u-a", version: try await transaction.nextVersion()))
        }
        try await other.write { transaction in
            try await transaction.save(Self.object("Note", "elsewhere", owner: "u-a", version: try await transaction.nextVersion()))
        }

        #expect(
            try await store.typeCounts() == [
                StoredTypeCount(typeName: "Note", live: 3, deleted: 1), StoredTypeCount(typeName: "Task", live: 1, deleted: 0),
            ])
        let all = try await store.browse(typeName: "Note", search: nil, ownerIds: [], offset: 0, limit: 10)
        #expect(all.objects.map(\.objectId) == ["c4", "B3", "a%2", "a_1"], "newest first")
        #expect(all.total == 4)
        #expect(all.objects.first?.deleted == true)
        let page = try await store.browse(typeName: "Note", search: nil, ownerIds: [], offset: 1, limit: 2)
        #expect(page.objects.map(\.objectId) == ["B3", "a%2"])
        #expect(page.total == 4, "the total counts every page")
        #expect(try await store.browse(typeName: "Note", search: "_", ownerIds: [], offset: 0, limit: 10).objects.map(\.objectId) == ["a_1"])
        #expect(try await store.browse(typeName: "Note", search: "%", ownerIds: [], offset: 0, limit: 10).objects.map(\.objectId) == ["a%2"])
        #expect(try await store.browse(typeName: "Note", search: "b", ownerIds: [], offset: 0, limit: 10).objects.map(\.objectId) == ["B3"])
        let owned = try await store.browse(typeName: "Note", search: "zzz", ownerIds: ["u-a"], offset: 0, limit: 10)
        #expect(owned.objects.map(\.objectId) == ["a%2", "a_1"])
        #expect(owned.total == 2)
        #expect(try await other.typeCounts() == [StoredTypeCount(typeName: "Note", live: 1, deleted: 0)])
        try await data.close()
    }

    @Test("an object's narrowings and overwrite notices, newest first, and no other object's", arguments: TestEngine.allCases)
    func history(engine: TestEngine) async throws {
        let data = try await engine.open(directory: TemporaryRoot.directory("browsing-history"), logger: Self.logger)
        let store = try await data.appStore(appId: "org.browse", version: "1")
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded())
        try await store.write { transaction in
            var wide = Self.object("Note", "n1", owner: "u-a", version: try await transaction.nextVersion())
            wide.scope = 3
            try await transaction.save(wide)
            try await transaction.recordNarrowing(of: wide, at: try await transaction.nextVersion())
            wide.scope = 2
            try await transaction.recordNarrowing(of: wide, at: try await transaction.nextVersion())
            try await transaction.save(Self.object("Note", "n1", owner: "u-a", version: 3))
            try await transaction.save(Self.object("Note", "n2", owner: "u-a", version: try await transaction.nextVersion()))
            try await transaction.recordNarrowing(of: Self.object("Note", "n2", owner: "u-a", version: 4), at: 4)
            for version: Int64 in [2, 3] {
                try await transaction.recordOverwrite(
                    StoredOverwrite(
                        typeName: "Note", objectId: "n1", version: version, userId: "u-a", operationId: "op\(version)", fields: ["t"],
                        yours: ["t": .text("mine")], theirs: ["t": .text("theirs")], byUser: "u-b", recordedAt: now))
            }
        }
        let narrowings = try await store.narrowings(typeName: "Note", objectId: "n1")
        #expect(narrowings.map(\.version) == [3, 2])
        #expect(narrowings.map(\.previousScope) == [2, 3])
        let notices = try await store.overwrites(typeName: "Note", objectId: "n1")
        #expect(notices.map(\.version) == [3, 2])
        #expect(notices.first?.byUser == "u-b")
        #expect(notices.first?.recordedAt == now)
        #expect(try await store.overwrites(typeName: "Note", objectId: "n2").isEmpty)
        try await data.close()
    }
}
