import Foundation
import StrataCrossCutting
import StrataHostKit
import StrataMaintenance
import StrataSession
import StrataStore
import Synchronization
import Testing

/// `strata-host store …` in the kit: the commands run on the composition root's store
/// maintenance and never ask for the domain (whose data layer refuses a damaged store).
@Suite("strata-host store commands")
struct StoreCommandTests {
    /// A maintenance double: answers from its fields and records its calls.
    final class FakeMaintenance: StoreMaintenance {
        let storePath = "/data/strata.sqlite"
        let problems: [String]
        let calls = Mutex<[String]>([])

        init(problems: [String] = []) { self.problems = problems }

        func check(quick: Bool) throws -> StoreCheckResult {
            calls.withLock { $0.append("check quick=\(quick)") }
            return StoreCheckResult(storePath: storePath, problems: problems)
        }

        func backup(to destination: URL, overwrite: Bool) throws -> StoreBackupResult {
            calls.withLock { $0.append("backup \(destination.path) overwrite=\(overwrite)") }
            guard overwrite else { throw DataError(.cannotOpen, "\(destination.path) already exists; pass --force to replace it") }
            return StoreBackupResult(destination: destination.path, pageCount: 7, keyPath: "/data/keys/data.key")
        }

        func recover() throws -> StoreRecoveryReport {
            calls.withLock { $0.append("recover") }
            return StoreRecoveryReport(
                storePath: storePath, keptDamagedFile: storePath + ".damaged-20261124T090000Z",
                tables: [.init(name: "CaseReport", recovered: 40, expected: 42, metDamage: true)], schemaProblems: [])
        }

        func dataKey() throws -> DataKeyReport {
            calls.withLock { $0.append("key") }
            return DataKeyReport(
                kind: .file, location: "/data/keys/data.key", ignoredCopy: nil,
                keyringProblem: "no session bus", moved: false)
        }

        func moveKey(to destination: DataKeyKind) throws -> DataKeyReport {
            calls.withLock { $0.append("move key to \(destination.rawValue)") }
            guard destination == .file else {
                throw DataError(.keyringUnavailable, "cannot move the data key to the Secret Service: no session bus")
            }
            return DataKeyReport(kind: .file, location: "/data/keys/data.key", ignoredCopy: nil, keyringProblem: nil, moved: true)
        }
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var domainRequested: Bool
    }

    private func run(_ arguments: [String], _ maintenance: FakeMaintenance) async -> Run {
        let output = CapturedOutput()
        let asked = Mutex(false)
        let status = await StrataHostCLI.run(
            arguments: arguments, environment: [:], output: output.sink,
            makeDomain: { _ in
                asked.withLock { $0 = true }
                throw DataError(.damaged, "the store is damaged")
            },
            makeStore: { _ in maintenance })
        return Run(status: status, stdout: output.stdout, stderr: output.stderr, domainRequested: asked.withLock { $0 })
    }

    @Test("store backup to a file whose name holds ESC and BEL prints them escaped, never raw")
    func backupPathIsEscaped() async {
        let run = await run(["store", "backup", "--force", "/tmp/b\u{1B}[2J\u{7}.sqlite"], FakeMaintenance())
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(run.stdout)")
        #expect(run.stdout.contains("/tmp/b\\u{1B}[2J\\u{7}.sqlite"), "\(run.stdout)")
    }

    @Test("store check prints ok and exits 0 on a sound store, lists the problems and exits 1 on a damaged one")
    func checkExitCodes() async {
        let sound = await run(["store", "check"], FakeMaintenance())
        #expect(sound.status == 0 && sound.stdout.hasPrefix("ok: /data/strata.sqlite"), "\(sound)")
        #expect(!sound.domainRequested)

        let damaged = FakeMaintenance(problems: ["Tree 5 page 5: btreeInitPage() returns error code 11"])
        let found = await run(["store", "check", "--quick"], damaged)
        #expect(found.status == 1, "\(found)")
        #expect(found.stdout.contains("Tree 5 page 5") && found.stdout.contains("strata-host store recover"), "\(found)")
        #expect(damaged.calls.withLock { $0 } == ["check quick=true"])
        #expect(!found.domainRequested)
    }

    @Test("store backup passes --force on and fails with one line when the maintenance refuses")
    func backupForce() async {
        let maintenance = FakeMaintenance()
        let refused = await run(["store", "backup", "/tmp/b.sqlite"], maintenance)
        #expect(refused.status == 1 && refused.stderr == "strata-host: /tmp/b.sqlite already exists; pass --force to replace it\n", "\(refused)")
        let forced = await run(["store", "backup", "/tmp/b.sqlite", "--force"], maintenance)
        #expect(forced.status == 0 && forced.stdout.contains("/tmp/b.sqlite") && forced.stdout.contains("/data/keys/data.key"), "\(forced)")
        #expect(maintenance.calls.withLock { $0 } == ["backup /tmp/b.sqlite overwrite=false", "backup /tmp/b.sqlite overwrite=true"])
        #expect(!forced.domainRequested)
    }

    @Test("store recover prints what it recovered, what it lost and where the damaged file is")
    func recoverReport() async {
        let recovered = await run(["store", "recover"], FakeMaintenance())
        #expect(recovered.status == 0, "\(recovered)")
        #expect(recovered.stdout.contains("CaseReport: 40 row(s) recovered, 2 lost"), "\(recovered)")
        #expect(recovered.stdout.contains("kept as /data/strata.sqlite.damaged-20261124T090000Z"), "\(recovered)")
        #expect(!recovered.domainRequested)
    }

    @Test("store key says where the key is; --to file moves it; --to secret-service without a keyring exits 75 naming why")
    func keyLocationAndMove() async {
        let maintenance = FakeMaintenance()
        let shown = await run(["store", "key"], maintenance)
        #expect(shown.status == 0 && shown.stdout.contains("The data key is in /data/keys/data.key."), "\(shown)")
        #expect(shown.stdout.contains("The Secret Service is not used: no session bus"), "\(shown)")
        let flagged = await run(["store", "key", "--show-location"], maintenance)
        #expect(flagged.status == 0 && flagged.stdout == shown.stdout, "\(flagged)")

        let moved = await run(["store", "key", "--to", "file"], maintenance)
        #expect(moved.status == 0 && moved.stdout.contains("Moved the data key to /data/keys/data.key."), "\(moved)")

        let unreachable = await run(["store", "key", "--to", "secret-service"], maintenance)
        #expect(unreachable.status == 75, "\(unreachable)")
        #expect(unreachable.stderr == "strata-host: cannot move the data key to the Secret Service: no session bus\n", "\(unreachable)")
        #expect(
            maintenance.calls.withLock { $0 } == ["key", "key", "move key to file", "move key to secret-service"])
        #expect(!unreachable.domainRequested)
    }

    @Test("store key --to with a place that does not exist, or with --show-location, is a usage error (64) naming the places")
    func keyBadArgument() async {
        let maintenance = FakeMaintenance()
        let bad = await run(["store", "key", "--to", "keychain"], maintenance)
        #expect(bad.status == 64 && bad.stderr.contains("keychain") && bad.stderr.contains("secret-service"), "\(bad)")
        let both = await run(["store", "key", "--to", "file", "--show-location"], maintenance)
        #expect(both.status == 64 && both.stderr.contains("--show-location"), "\(both)")
        #expect(maintenance.calls.withLock { $0 }.isEmpty)
    }
}
