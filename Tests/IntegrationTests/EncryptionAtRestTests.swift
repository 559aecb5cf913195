import Foundation
import StrataTestSupport
import Testing

@Suite("Patient names at rest", .childProcessSlot, .serialized)
struct EncryptionAtRestTests {
    @Test("reports added with strata-host leave no patient name in the store file or its WAL")
    func patientNamesAreSealedOnDisk() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let names = ["Zyxwvu Tanaka", "Qorvath Sato", "Plimsoll Müller"]
        for name in names {
            let outcome = try await host.run(["reports", "add", "--patient-name", name, "--age", "44"])
            #expect(outcome.status == 0, "\(outcome)")
        }
        let listed = try await host.run(["reports", "list", "--json"])
        for name in names { #expect(listed.stdout.contains(name), "the host must still read \(name)") }

        let store = home.appendingPathComponent("strata.sqlite")
        for suffix in ["", "-wal"] {
            let url = URL(fileURLWithPath: store.path + suffix)
            guard let bytes = try? Data(contentsOf: url) else { continue }
            for name in names {
                #expect(bytes.range(of: Data(name.utf8)) == nil, "\(name) in plaintext in \(url.lastPathComponent)")
            }
        }
        let key = home.appendingPathComponent("keys/data.key")
        let mode = try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? NSNumber
        #expect(mode?.int16Value == 0o600)
    }

    /// Every host touches the name: strata-host stores it in a report and a follow-up,
    /// strata-notifyd enriches a notification with it (its title and body are made from the
    /// name), strata-host lists and marks that notification read, strata-status reads it all.
    /// Then no byte of any file in `STRATA_HOME` — the store, its WAL and shared-memory file
    /// (checked while the daemon still holds the store open, so the WAL is there), every table,
    /// the inbox — holds any part of the name in plaintext (SQLite stores text as UTF-8).
    @Test("a patient name passed through every host is in no byte of the store, its WAL or the inbox")
    func patientNameIsSealedThroughEveryHost() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let parts = ["Vrexlomund", "Quibbleth"]
        let name = parts.joined(separator: " ")
        let host = StrataProcess("strata-host", home: home)
        let reportID = try await Self.printedID(host.run(["reports", "add", "--patient-name", name, "--age", "61"]))
        let followUpID = try await Self.printedID(host.run(["follows", "add", "--report", reportID, "--date", "2026-11-22"]))

        let notifyd = try StrataProcess("strata-notifyd", home: home, extraEnvironment: ["STRATA_LOG_LEVEL": "info"])
            .start(["--poll-interval", "0.05"])
        defer { if notifyd.process.isRunning { notifyd.signal(SIGKILL) } }
        #expect(await eventually(within: Patience.childProcess) { notifyd.stderr.snapshot().contains("started") }, "\(notifyd.stderr.snapshot())")
        try Inbox(home: home).drop(
            "1-secret.json",
            #"{"id": "n-secret", "kind": "follow-up-due", "reportId": "\#(reportID)", "followUpId": "\#(followUpID)"}"#)
        let enriched = await eventually(within: Patience.childProcess) {
            notifyd.stdout.snapshot().contains("recorded n-secret follow-up-due: Follow-up due: \(name)")
        }
        #expect(enriched, "the daemon must enrich with the name: \(notifyd.stdout.snapshot())")

        let listed = try await host.run(["open", "strata://notifications", "--json"])
        #expect(listed.status == 0 && listed.stdout.contains(name), "the host must still read it: \(listed)")
        let read = try await host.run(["open", "strata://notifications/n-secret/read"])
        #expect(read.status == 0, "\(read)")
        for arguments in [[], ["--format", "json"]] {
            let status = try await StrataProcess("strata-status", home: home).run(arguments)
            #expect(status.status == 0, "\(status)")
        }

        let wal = home.appendingPathComponent("strata.sqlite-wal")
        #expect(FileManager.default.fileExists(atPath: wal.path), "the running daemon keeps the WAL: it must be checked")
        Self.expectNoPlaintext(parts, under: home)
        notifyd.signal(SIGTERM)
        #expect(await notifyd.finish(within: Patience.childProcess).status == 0)
        Self.expectNoPlaintext(parts, under: home)
    }

    /// Fails for each file under `folder` holding any of `parts` as UTF-8 bytes.
    private static func expectNoPlaintext(_ parts: [String], under folder: URL) {
        var scanned = 0
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = files?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let bytes = try? Data(contentsOf: url)
            else { continue }
            scanned += 1
            for part in parts {
                #expect(bytes.range(of: Data(part.utf8)) == nil, "'\(part)' in plaintext in \(url.path)")
            }
        }
        #expect(scanned >= 3, "the store and its files must have been scanned")
    }

    /// The id an `add` command printed on its last line.
    private static func printedID(_ outcome: StrataProcess.Outcome) throws -> String {
        let id = outcome.stdout.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        try #require(outcome.status == 0 && !id.isEmpty, "expected an id: \(outcome)")
        return id
    }
}
