import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// `strata-host store backup FILE`: SQLite's online backup through the real executable.
@Suite("store backup, end to end", .childProcessSlot)
struct StoreBackupTests {
    @Test("backups taken while another process writes are consistent, complete snapshots that open as stores")
    func backupWhileWriting() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        _ = try await host.succeed(["reports", "add", "--patient-name", "Before", "--age", "40"])
        let folder = TemporaryRoot.directory("strata-backups")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let writing = Mutex(true)
        async let writes = { () async -> Int in
            var writes = 0
            for index in 0..<12 {
                let outcome = try? await host.run(["reports", "add", "--patient-name", "Writer \(index)", "--age", "41"])
                if outcome?.status == 0 { writes += 1 }
            }
            writing.withLock { $0 = false }
            return writes
        }()
        var backups: [URL] = []
        repeat {
            let file = folder.appendingPathComponent("backup-\(backups.count).sqlite")
            let outcome = try await host.run(["store", "backup", file.path])
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout.contains(file.path) && outcome.stdout.contains("keys/data.key"), "\(outcome)")
            backups.append(file)
        } while writing.withLock({ $0 }) && backups.count < 20
        #expect(await writes == 12)

        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(backups.map(\.lastPathComponent)),
            "a backup writes its file and nothing else")
        for backup in backups {
            let reader = try SQLiteReader(backup.path)
            #expect(try reader.integrityCheck() == ["ok"], "\(backup.path)")
            let count = try reader.integer(#"SELECT count(*) FROM "CaseReport""#)
            #expect((1...13).contains(count), "\(backup.path): \(count)")
            let mode = try FileManager.default.attributesOfItem(atPath: backup.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(backup.path)")
        }

        // The last backup, with the key, is a store strata-host can use.
        let restored = temporaryHome()
        try FileManager.default.createDirectory(at: restored.appendingPathComponent("keys"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try #require(backups.last), to: restored.appendingPathComponent("strata.sqlite"))
        try FileManager.default.copyItem(
            at: home.appendingPathComponent("keys/data.key"), to: restored.appendingPathComponent("keys/data.key"))
        let listed = try await StrataProcess("strata-host", home: restored).json(["reports", "list", "--page-size", "100", "--json"])
        let names = ((listed as? [[String: Any]]) ?? []).compactMap { $0["patientName"] as? String }
        #expect(names.contains("Before"))
    }

    @Test("an existing file is replaced only with --force; a missing folder is not created")
    func backupRefusesToOverwrite() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        _ = try await host.succeed(["reports", "add", "--patient-name", "Someone", "--age", "40"])
        let folder = TemporaryRoot.directory("strata-backup-target")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: file)

        let refused = try await host.run(["store", "backup", file.path])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains(file.path) && refused.stderr.contains("--force"), "\(refused)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")

        let forced = try await host.run(["store", "backup", file.path, "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["precious.txt"], "no other file written")
        #expect(try SQLiteReader(file.path).integer(#"SELECT count(*) FROM "CaseReport""#) == 1)

        let store = home.appendingPathComponent("strata.sqlite")
        let ontoStore = try await host.run(["store", "backup", store.path, "--force"])
        #expect(ontoStore.status == 1, "\(ontoStore)")
        _ = try await host.succeed(["reports", "list"])

        let missing = folder.appendingPathComponent("no-such-folder/backup.sqlite")
        let outcome = try await host.run(["store", "backup", missing.path])
        #expect(outcome.status == 1 && outcome.stderr.contains("does not exist"), "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }

    @Test("--force never writes over the data key, the key folder, the damaged mark, or a -wal/-shm not there right now")
    func backupNeverTakesTheStoresOwnFiles() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        _ = try await host.succeed(["reports", "add", "--patient-name", "Someone", "--age", "40"])
        let key = home.appendingPathComponent("keys/data.key")
        let keyBytes = try Data(contentsOf: key)
        let targets = [
            key.path, home.appendingPathComponent("keys/other.sqlite").path, home.appendingPathComponent("keys/../keys/data.key").path,
            home.appendingPathComponent("strata.sqlite-wal").path, home.appendingPathComponent("strata.sqlite-shm").path,
            home.appendingPathComponent("strata.sqlite-damaged").path,
        ]
        for target in targets {
            let outcome = try await host.run(["store", "backup", target, "--force"])
            #expect(outcome.status == 1, "\(target): \(outcome)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains("nothing was written"), "\(target): \(outcome)")
        }
        #expect(try Data(contentsOf: key) == keyBytes, "the key is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: key.deletingLastPathComponent().path) == ["data.key"])
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("strata.sqlite-damaged").path))
        let listed = try await host.json(["reports", "list", "--json"]) as? [[String: Any]] ?? []
        #expect(listed.count == 1)
    }
}
