import Foundation
import StrataTestSupport
import Testing

/// `strata-server admin backup` and `admin restore` on a SQLite data directory, as an operator
/// runs them: a backup folder, refusals in one line, and a restore that brings the backed-up
/// data back.
@Suite("strata-server admin backup and restore (SQLite)", .childProcessSlot)
struct ServerBackupRestoreTests {
    static func server() -> StrataProcess { StrataProcess("strata-server", home: nil) }

    @Test("a backup is restored: what was made after it is gone; an existing target is refused without --force, in one line")
    func backupThenRestore() async throws {
        let root = TemporaryRoot.directory("backup-restore")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let data = root.appendingPathComponent("data").path
        let backup = root.appendingPathComponent("backup").path
        let created = try await Self.server().run(["admin", "group", "create", "nurses", "--data-dir", data])
        #expect(created.status == 0, "\(created)")

        let made = try await Self.server().run(["admin", "backup", backup, "--data-dir", data])
        #expect(made.status == 0, "\(made)")
        #expect(made.stdout.hasPrefix("backed up control.sqlite and "), "\(made)")
        #expect(FileManager.default.fileExists(atPath: backup + "/control.sqlite"))
        let again = try await Self.server().run(["admin", "backup", backup, "--data-dir", data])
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr == "strata-server: \(backup) already exists; give --force to replace it, or name a new folder\n", "\(again)")

        let later = try await Self.server().run(["admin", "group", "create", "doctors", "--data-dir", data])
        #expect(later.status == 0, "\(later)")
        let refused = try await Self.server().run(["admin", "restore", backup, "--data-dir", data])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("already holds server data; give --force"), "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")

        let restored = try await Self.server().run(["admin", "restore", backup, "--force", "--data-dir", data])
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.stdout.contains("the server's new epoch is "), "\(restored)")
        let groups = try await Self.server().run(["admin", "group", "list", "--data-dir", data])
        #expect(groups.status == 0 && groups.stdout.contains("nurses") && !groups.stdout.contains("doctors"), "\(groups)")

        let notABackup = try await Self.server().run(["admin", "restore", root.path, "--force", "--data-dir", data])
        #expect(notABackup.status == 1 && notABackup.stderr.contains("is not a strata-server backup"), "\(notABackup)")
    }
}
