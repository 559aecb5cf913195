import CSQLite
import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import Testing

/// Version 1 and version 2 of one type, to exercise migration.
struct ItemV1: ValueObject {
    var objectId: String?
    var title = ""
    init() {}
    static let schema = ValueObjectSchema<ItemV1>("Item", fields: [.field("title", \.title)], behaviour: .localRows)
}

struct ItemV2: ValueObject {
    var objectId: String?
    var title = ""
    var priority = 3
    var tag: String? = nil
    init() {}
    static let schema = ValueObjectSchema<ItemV2>(
        "Item", fields: [.field("title", \.title), .field("priority", \.priority), .field("tag", \.tag)],
        indexed: ["priority"], behaviour: .localRows)
}

/// `Item` with `title` changed from text to integer: not a migration, an error.
struct ItemRetyped: ValueObject {
    var objectId: String?
    var title = 0
    init() {}
    static let schema = ValueObjectSchema<ItemRetyped>("Item", fields: [.field("title", \.title)], behaviour: .localRows)
}

struct BadName: ValueObject {
    var objectId: String?
    var value = 0
    init() {}
    static let schema = ValueObjectSchema<BadName>("Bad Name; DROP", fields: [.field("value", \.value)], behaviour: .localRows)
}

struct ReservedKey: ValueObject {
    var objectId: String?
    var value = ""
    init() {}
    static let schema = ValueObjectSchema<ReservedKey>("Reserved", fields: [.field("objectId", \.value)], behaviour: .localRows)
}

@Suite("SQLite value-object store: tables, migration, file format")
struct SchemaTests {
    @Test("registering creates one table with typed columns and the declared indexes")
    func registerCreatesTypedTable() async throws {
        let container = temporaryContainer()
        _ = try await makeStore(container)
        let columns = try SQLiteInspector(container.storeURL).rows("SELECT name, type, \"notnull\" FROM pragma_table_info('Sample')")
        #expect(columns.prefix(8).map { $0[0] } == ["objectId", "name", "count", "score", "flag", "when", "note", "bytes"])
        #expect(columns.prefix(8).map { $0[1] } == ["TEXT", "TEXT", "INTEGER", "REAL", "INTEGER", "REAL", "TEXT", "BLOB"])
        #expect(columns.dropFirst(8).map { $0[0] } == ["_storedAt", "_scope", "_ownerUser", "_ownerGroup"])
        #expect(columns.first { $0[0] == "note" }?[2] == "0")
        let indexes = try SQLiteInspector(container.storeURL).rows("SELECT name FROM pragma_index_list('Sample')").map { $0[0] }
        #expect(indexes.contains("Sample_by_name") && indexes.contains("Sample_by_count"))
        let unique = try SQLiteInspector(container.storeURL).rows("SELECT name FROM pragma_index_list('Ticket')").map { $0[0] }
        #expect(unique.contains("Ticket_unique_code"))
        #expect(try SQLiteInspector(container.storeURL).rows("PRAGMA journal_mode") == [["wal"]])
    }

    @Test("a type that gains fields is migrated; old rows get the defaults of init()")
    func addedFieldsMigrate() async throws {
        let container = temporaryContainer()
        let v1 = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await v1.register(ItemV1.self)
        var old = ItemV1()
        old.title = "before"
        let saved = try await v1.save(old)

        let v2 = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await v2.register(ItemV2.self)
        let migrated = try #require(try await v2.fetch(ItemV2.self, id: saved.objectId!))
        #expect(migrated.title == "before" && migrated.priority == 3 && migrated.tag == nil)
        var fresh = ItemV2()
        fresh.priority = 1
        _ = try await v2.save(fresh)
        #expect(try await v2.count(Query<ItemV2>().whereKey("priority", .less, 3)) == 1)
        // The old definition still reads its own fields from the migrated table.
        #expect(try await v1.count(Query<ItemV1>()) == 2)
    }

    @Test("changing a key's type is refused, naming the key and both types, and nothing is lost")
    func typeChangeIsRefused() async throws {
        let container = temporaryContainer()
        let store = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await store.register(ItemV1.self)
        _ = try await store.save(ItemV1())
        let other = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        let error = try await #require(throws: DataError.self) { try await other.register(ItemRetyped.self) }
        #expect(error.code == .incompatibleStore)
        #expect(error.message.contains("Item.title is stored as TEXT"))
        #expect(error.message.contains("INTEGER"))
        #expect(try await store.count(Query<ItemV1>()) == 1)
    }

    @Test("bad type names and reserved keys are refused before any SQL runs")
    func invalidSchemas() async throws {
        let store = try await makeStore()
        let badName = try await #require(throws: DataError.self) { try await store.register(BadName.self) }
        #expect(badName.code == .invalidSchema)
        #expect(badName.message.contains("'Bad Name; DROP'"))
        let reserved = try await #require(throws: DataError.self) { try await store.register(ReservedKey.self) }
        #expect(reserved.message.contains("reserved"))
    }

    @Test("a store written by a newer format is refused with both versions named, untouched")
    func newerFormatIsRefused() async throws {
        let container = temporaryContainer()
        _ = try await makeStore(container)
        try SQLiteInspector(container.storeURL).execute("PRAGMA user_version = 9")
        let before = try Data(contentsOf: container.storeURL)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(error.code == .incompatibleStore)
        #expect(error.message.contains("store format 9") && error.message.contains("format 8 at most"))
        #expect(try Data(contentsOf: container.storeURL) == before)
    }

    @Test("a file that is not a Strata store is refused and left alone")
    func foreignFilesAreRefused() async throws {
        let container = temporaryContainer()
        try container.prepare()
        try Data("hello, not a database".utf8).write(to: container.storeURL)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains(container.storeURL.path))
        #expect(try String(contentsOf: container.storeURL, encoding: .utf8) == "hello, not a database")
    }

    @Test("the container directory and the store files are owner-only")
    func containerIsOwnerOnly() async throws {
        let container = temporaryContainer()
        let store = try await makeStore(container)
        _ = try await store.save(Sample(name: "keeps the WAL open", count: 1))
        let mode = try FileManager.default.attributesOfItem(atPath: container.url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.int16Value == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            let path = container.storeURL.path + suffix
            let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(fileMode?.int16Value == 0o600, "\(path)")
        }
    }
}

/// Reads a store file directly through the C API, to check what the store wrote.
struct SQLiteInspector {
    let url: URL

    init(_ url: URL) { self.url = url }

    func execute(_ sql: String) throws {
        _ = try rows(sql)
    }

    func rows(_ sql: String) throws -> [[String]] {
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK else { throw DataError(.cannotOpen, url.path) }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DataError(.sqlite, String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var result: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        return result
    }
}

@Suite("SQLite value-object store: foreign files and names")
struct ForeignFileTests {
    struct Lowercase: ValueObject {
        var objectId: String?
        var value = 0
        init() {}
        static let schema = ValueObjectSchema<Lowercase>("sample", fields: [.field("value", \.value)], behaviour: .localRows)
    }

    @Test("another program's SQLite file is refused before anything about it changes")
    func foreignSQLiteFileIsUntouched() async throws {
        let container = temporaryContainer()
        try container.prepare()
        try SQLiteInspector(container.storeURL).execute("CREATE TABLE notes (body TEXT)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: container.storeURL.path)
        try await expectRefusedUntouched(container)
        let mode = try FileManager.default.attributesOfItem(atPath: container.storeURL.path)[.posixPermissions] as? NSNumber
        #expect(mode?.int16Value == 0o644)
        #expect(try SQLiteInspector(container.storeURL).rows("PRAGMA journal_mode") == [["delete"]])
    }

    @Test("two types whose names differ only in case are refused: SQLite would give them one table")
    func caseInsensitiveNameClash() async throws {
        let store = try await makeStore()
        let error = try await #require(throws: DataError.self) { try await store.register(Lowercase.self) }
        #expect(error.code == .invalidSchema)
        #expect(error.message.contains("ignoring case"))
    }

    @Test("object ids are 28 lowercase hex digits, unique and in creation order")
    func objectIDShape() async throws {
        let store = try await makeStore()
        let ids = try await store.save((0..<50).map { Sample(name: "n\($0)", count: $0) }).compactMap(\.objectId)
        #expect(ids.allSatisfy { $0.count == 28 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == 50)
    }
}
