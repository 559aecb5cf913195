import Foundation
import Logging
import StrataCrossCutting
import Testing

@testable import StrataData
import StrataStore

/// Faults that are not damage: the store path is a directory, the disk is full, another
/// process holds the lock. Each is one line in plain words, and none marks a sound store damaged.
@Suite("store open faults")
struct StoreOpenFaultTests {
    @Test("a store path that is a directory: every opener names it a directory, not 'unable to open database file'")
    func storeThatIsADirectory() async throws {
        let container = temporaryContainer()
        try container.prepare()
        try FileManager.default.createDirectory(at: container.storeURL, withIntermediateDirectories: false)
        let openers: [() async throws -> Void] = [
            { _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger) },
            { _ = try await DataLayerFactory.live(container: container, logger: quietLogger) },
        ]
        for open in openers {
            let error = try await #require(throws: DataError.self) { try await open() }
            #expect(error.message.contains(container.storeURL.path), "\(error)")
            #expect(error.message.contains("is a directory, not a store file"), "\(error)")
            #expect(!error.message.contains("unable to open") && !error.message.contains("I/O error"), "\(error)")
        }
    }

    @Test("a full disk (SQLITE_FULL) says so in plain words, naming the store, with no SQLite code")
    func fullDiskIsPlainWords() async throws {
        let container = temporaryContainer()
        try container.prepare()
        let path = container.url.appendingPathComponent("full.sqlite").path
        let connection = try SQLiteConnection(path: path, access: .readWrite)
        try connection.execute("CREATE TABLE t(x)")
        try connection.execute("PRAGMA max_page_count = 3")
        let error = try #require(throws: DataError.self) {
            try connection.writeTransaction {
                for _ in 0..<100 { try connection.execute("INSERT INTO t VALUES (randomblob(2000))") }
            }
        }
        #expect(error.message.contains("no space left") && error.message.contains(path), "\(error)")
        #expect(!error.message.contains("code 13"), "\(error)")
    }

    @Test("store check reports only damage as damage: a busy store, a full disk or a foreign file is never marked")
    func onlyDamageIsMarked() async throws {
        let container = temporaryContainer()
        _ = try await makeStore(container)
        let maintenance = SQLiteStoreMaintenance(container: container, logger: quietLogger)
        #expect(maintenance.isDamage(DataError(.damaged, "malformed")))
        #expect(maintenance.isDamage(DataError(.cannotOpen, "file is not a database")))
        for code in [DataError.Code.busy, .sqlite, .incompatibleStore, .readOnly] {
            #expect(!maintenance.isDamage(DataError(code, "x")), "\(code)")
        }
        // The store path turned into a directory: a fault of the file system, not damage.
        try FileManager.default.removeItem(at: container.storeURL)
        try FileManager.default.createDirectory(at: container.storeURL, withIntermediateDirectories: false)
        #expect(!maintenance.isDamage(DataError(.cannotOpen, "unable to open database file")))
    }
}
