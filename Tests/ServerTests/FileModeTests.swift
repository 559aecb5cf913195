import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import StrataWire
import Synchronization
import Testing

/// The databases hold password and token hashes and every app's objects: owner-only, whatever
/// the umask or the data directory's mode.
@Suite("server files are owner-only")
struct FileModeTests {
    @Test("a new data directory and apps/ are 0700; each database and its -wal and -shm are 0600")
    func newFilesAreOwnerOnly() async throws {
        let directory = TemporaryRoot.directory("server-modes")
        let data = try await ServerDataFactory.sqlite(directory: directory, logger: Self.quiet)
        let store = try await data.appStore(appId: "org.example", version: "1")
        try await data.control.createGroup(GroupRecord(id: "g1", name: "nurses"))
        try await store.write { try await $0.recordOperation("op-1", userId: "u1") }
        #expect(try Self.mode(directory) == 0o700)
        #expect(try Self.mode(directory.appendingPathComponent("apps")) == 0o700)
        let files = ["control.sqlite", "apps/org.example@1.sqlite"].flatMap { [$0, $0 + "-wal", $0 + "-shm"] }
        for file in files {
            #expect(try Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
        }
    }

    @Test("databases left group- and world-readable become 0600, and a shared data directory is warned about once")
    func existingFilesAreTightened() async throws {
        let directory = TemporaryRoot.directory("server-modes")
        let apps = directory.appendingPathComponent("apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let loose = ["control.sqlite", "control.sqlite-wal", "apps/org.example@1.sqlite"]
        for file in loose {
            let url = directory.appendingPathComponent(file)
            #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        }
        let recorder = RecordingLog()
        let logger = Logger(label: "strata-server-test") { _ in recorder }
        let data = try await ServerDataFactory.sqlite(directory: directory, logger: logger)
        _ = try await data.appStore(appId: "org.example", version: "1")
        for file in loose {
            #expect(try Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
        }
        let warnings = recorder.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("\(directory.path) is readable or writable by other users (mode 755)") == true)
    }

    @Test("under umask 000, strata-server admin still makes its folders 0700 and databases 0600")
    func umaskDoesNotMatter() async throws {
        let directory = TemporaryRoot.directory("server-modes")
        let outcome = try await TestServer.run(
            ["admin", "app", "create", "org.example", "--version", "1", "--data-dir", directory.path], shellPrefix: "umask 000")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try Self.mode(directory) == 0o700)
        #expect(try Self.mode(directory.appendingPathComponent("apps")) == 0o700)
        for file in ["control.sqlite", "apps/org.example@1.sqlite"] {
            #expect(try Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
        }
    }

    static let quiet = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }

    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}

/// A log handler that keeps what is logged at every level, for tests to read.
struct RecordingLog: LogHandler {
    private let store = Store()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    /// What was logged, oldest first.
    var entries: [(level: Logger.Level, message: String)] { store.entries.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.entries.withLock { $0.append((event.level, event.message.description)) }
    }

    private final class Store: Sendable {
        let entries = Mutex<[(level: Logger.Level, message: String)]>([])
    }
}
