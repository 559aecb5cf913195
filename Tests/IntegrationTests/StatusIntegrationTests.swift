import Foundation
import StrataTestSupport
import Testing

/// `strata-status` as a real child process: read-only, every format, with and without a store.
@Suite("strata-status, end to end", .childProcessSlot)
struct StatusIntegrationTests {
    static let formats = ["text", "json", "waybar", "i3blocks"]

    @Test("with no store every format prints the empty status, exits 0 and creates nothing")
    func noStoreIsEmptyAndCreatesNothing() async throws {
        let home = temporaryHome()
        let status = StrataProcess("strata-status", home: home)
        for format in Self.formats {
            let outcome = try await status.run(["--format", format])
            #expect(outcome.status == 0, "\(format): \(outcome)")
            #expect(outcome.stderr.isEmpty, "\(format): \(outcome)")
        }
        let json = try await status.json(["--format", "json"]) as? [String: Any]
        #expect(json?["store"] as? String == "absent")
        #expect(json?["reports"] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: home.path), "strata-status created \(home.path)")
    }

    @Test("reports added with strata-host show in every strata-status format")
    func reportsShowInEveryFormat() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let status = StrataProcess("strata-status", home: home)
        let first = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        _ = try await host.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
        _ = try await host.succeed(["reports", "add", "--patient-name", "Jiro Suzuki", "--age", "30"])
        let today = Date().formatted(.iso8601.year().month().day())
        _ = try await host.succeed(["follows", "add", "--report", first, "--date", today])
        _ = try await host.succeed(["follows", "add", "--report", first, "--date", "2020-01-06"])

        let text = try await status.succeed([])
        #expect(text.contains("reports               3"))
        #expect(text.contains("due today             1"))
        #expect(text.contains("overdue               1"))

        let json = try await status.json(["--format", "json"]) as? [String: Any]
        #expect(json?["reports"] as? Int == 3)
        #expect(json?["dueToday"] as? Int == 1)
        #expect(json?["overdue"] as? Int == 1)
        #expect(json?["unreadNotifications"] as? Int == 0)
        #expect(json?["store"] as? String == "present")

        let waybarLine = try await status.succeed(["--format", "waybar"])
        #expect(!waybarLine.contains("\n"))
        let waybar = try await status.json(["--format", "waybar"]) as? [String: String]
        #expect(waybar?["class"] == "overdue")
        #expect(waybar?["tooltip"]?.contains("Reports: 3") == true)
        #expect(waybar?["text"]?.isEmpty == false)

        let i3blocks = try await status.succeed(["--format", "i3blocks"]).split(separator: "\n")
        #expect(i3blocks.count == 3)
        #expect(i3blocks.first?.contains("3 reports") == true)
        #expect(i3blocks.last == "#FF5555")
    }

    @Test("strata-status leaves the store file byte for byte as it found it")
    func statusWritesNothing() async throws {
        let home = temporaryHome()
        _ = try await StrataProcess("strata-host", home: home).succeed(["reports", "add", "--patient-name", "A", "--age", "1"])
        let store = home.appendingPathComponent("strata.sqlite")
        let before = try Data(contentsOf: store)
        for format in Self.formats {
            _ = try await StrataProcess("strata-status", home: home).succeed(["--format", format])
        }
        #expect(try Data(contentsOf: store) == before)
        // SQLite may create the shared-memory index and an empty log for a WAL reader; nothing is written to them.
        let log = home.appendingPathComponent("strata.sqlite-wal")
        if FileManager.default.fileExists(atPath: log.path) {
            #expect(try Data(contentsOf: log).isEmpty)
        }
    }

    @Test("a bad STRATA_LOG_LEVEL or --format is one stderr line naming it")
    func badInputIsOneLine() async throws {
        let home = temporaryHome()
        let loud = try await StrataProcess("strata-status", home: home, extraEnvironment: ["STRATA_LOG_LEVEL": "loud"]).run([])
        #expect(loud.status != 0)
        #expect(loud.stderrLines.count == 1, "\(loud)")
        #expect(loud.stderr.hasPrefix("strata-status: STRATA_LOG_LEVEL=loud"))
        let format = try await StrataProcess("strata-status", home: home).run(["--format", "yaml"])
        #expect(format.status != 0)
        #expect(format.stderrLines.count == 1, "\(format)")
        #expect(format.stderr.contains("--format"))
    }
}
