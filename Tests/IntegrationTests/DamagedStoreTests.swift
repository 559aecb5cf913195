import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataTestSupport
import Testing

/// A store with one page of random bytes, through the real executables: writers and
/// strata-status fail with one line naming the file and the recovery command, and
/// `strata-host store check|recover` find and repair it without deleting anything.
@Suite("damaged store, end to end", .childProcessSlot)
struct DamagedStoreTests {
    /// A closed store in `home` holding `count` case reports (long memos spread them over pages).
    static func storeWithReports(_ home: URL, count: Int) async throws {
        let data = try await DataLayerFactory.live(
            container: ContainerDirectory(url: home), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let domain = try await DomainFactory.make(data: data, clock: SystemClock())
        for index in 0..<count {
            _ = try await domain.reports.add(
                CaseReportDraft(patientName: "Patient \(index)", age: 40, memo: String(repeating: "m", count: 300)))
        }
    }

    @Test("one page of random bytes in the reports table: reports add and strata-status fail naming the file and the recovery")
    func damagedReportsTableStopsWritersAndStatus() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let status = StrataProcess("strata-status", home: home)
        for index in 0..<3 { _ = try await host.succeed(["reports", "add", "--patient-name", "P\(index)", "--age", "40"]) }
        let store = home.appendingPathComponent("strata.sqlite").path
        try StoreDamage.damage(store, table: "CaseReport", .root)

        // strata-status first: nothing has marked the store yet, so it must find the damage itself.
        let runs: [(StrataProcess, [String])] = [
            (status, []), (host, ["reports", "add", "--patient-name", "After", "--age", "41"]),
            (status, ["--format", "json"]), (host, ["reports", "add", "--patient-name", "Again", "--age", "42"]),
        ]
        for (process, arguments) in runs {
            let outcome = try await process.run(arguments)
            #expect(outcome.status != 0, "\(process.name) \(arguments): \(outcome)")
            #expect(outcome.stdout.isEmpty, "\(process.name) \(arguments): \(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(process.name) \(arguments): \(outcome)")
            #expect(outcome.stderr.contains(store), "\(process.name) \(arguments): \(outcome)")
            #expect(outcome.stderr.contains("strata-host store recover"), "\(process.name) \(arguments): \(outcome)")
        }

        let check = try await host.run(["store", "check"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.hasPrefix("damaged: \(store)"), "\(check)")
    }

    @Test("strata-status refuses a store damaged in a page its counts never read, and writes nothing")
    func statusFindsDamageAnywhereInTheFile() async throws {
        let home = temporaryHome()
        try await Self.storeWithReports(home, count: 60)
        let store = home.appendingPathComponent("strata.sqlite").path
        // A leaf of the reports table: counting reports reads an index, never this page.
        try StoreDamage.damage(store, table: "CaseReport", .leaf(1))
        let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let outcome = try await StrataProcess("strata-status", home: home).run([])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty, "no counts from a damaged store: \(outcome)")
        #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(store), "\(outcome)")
        #expect(outcome.stderr.contains("strata-host store recover"), "\(outcome)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == damagedBytes, "strata-status never writes")
        #expect(!FileManager.default.fileExists(atPath: store + "-damaged"), "strata-status never marks")
    }

    @Test("strata-notifyd's full check finds damage in a page no command passes; then every writer refuses, writing nothing")
    func fullCheckFindsDamageAnywhereInTheFile() async throws {
        let home = temporaryHome()
        try await Self.storeWithReports(home, count: 60)
        let store = home.appendingPathComponent("strata.sqlite").path
        // A leaf of old reports: adding a report writes the newest leaf, never this page.
        try StoreDamage.damage(store, table: "CaseReport", .leaf(1))
        let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        // The store records no full check yet, so it is due: strata-notifyd runs it beside its pass.
        let runs: [(String, [String])] = [
            ("strata-notifyd", ["--once"]),
            ("strata-host", ["reports", "add", "--patient-name", "After", "--age", "41"]), ("strata-host", []),
            ("strata-notifyd", ["--once"]),
        ]
        for (name, arguments) in runs {
            let outcome = try await StrataProcess(name, home: home).run(arguments)
            #expect(outcome.status == 1, "\(name) \(arguments): \(outcome)")
            #expect(outcome.stdout.isEmpty, "\(name) \(arguments): \(outcome)")
            #expect(outcome.stderr.contains(store) && outcome.stderr.contains("strata-host store recover"), "\(outcome)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == damagedBytes, "nothing written into the damaged file")
        #expect(FileManager.default.fileExists(atPath: store + "-damaged"), "the check marked it for every process")
    }

    @Test("a one-shot command does not read every page: damage its statements never meet waits for the full check")
    func oneShotCommandReadsOnlyWhatItNeeds() async throws {
        let home = temporaryHome()
        try await Self.storeWithReports(home, count: 60)
        let store = home.appendingPathComponent("strata.sqlite").path
        let host = StrataProcess("strata-host", home: home)
        // A full check today: the next one is not due for a day.
        let check = try await host.run(["store", "check", "--quick"])
        #expect(check.status == 0, "\(check)")
        try StoreDamage.damage(store, table: "CaseReport", .leaf(1))
        // The newest report's page only (the list is sorted newest first), never the damaged leaf.
        let listed = try await host.json(["reports", "list", "--page-size", "1", "--json"]) as? [[String: Any]] ?? []
        #expect(listed.count == 1)
        #expect(!FileManager.default.fileExists(atPath: store + "-damaged"))
        // strata-notifyd finds nothing due; `store check` reads every page and marks the store.
        let daemon = try await StrataProcess("strata-notifyd", home: home).run(["--once"])
        #expect(daemon.status == 0, "\(daemon)")
        let full = try await host.run(["store", "check", "--quick"])
        #expect(full.status == 1 && full.stdout.hasPrefix("damaged: \(store)"), "\(full)")
        #expect(FileManager.default.fileExists(atPath: store + "-damaged"))
    }

    @Test("store recover: a new store with every readable report, the damaged file kept beside it, nothing deleted")
    func recoverKeepsTheDamagedFile() async throws {
        let home = temporaryHome()
        try await Self.storeWithReports(home, count: 60)
        let store = home.appendingPathComponent("strata.sqlite").path
        try StoreDamage.damage(store, table: "CaseReport", .leaf(1))
        let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let filesBefore = Set(try FileManager.default.contentsOfDirectory(atPath: home.path))
        let host = StrataProcess("strata-host", home: home)
        let status = StrataProcess("strata-status", home: home)
        #expect(try await host.run(["reports", "list"]).status != 0)

        let recover = try await host.run(["store", "recover"])
        #expect(recover.status == 0, "\(recover)")
        let lines = recover.stdout.split(separator: "\n").map(String.init)
        let reportLine = try #require(lines.first { $0.hasPrefix("  CaseReport: ") }, "\(recover)")
        let numbers = reportLine.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 2, "\(reportLine)")
        let (recovered, lost) = (numbers.first ?? 0, numbers.last ?? 0)
        #expect(recovered + lost == 60 && lost > 0 && recovered >= 45, "\(reportLine)")
        let keptLine = try #require(lines.first { $0.hasPrefix("The damaged file is kept as ") }, "\(recover)")
        let kept = String(keptLine.dropFirst("The damaged file is kept as ".count).dropLast())
        #expect(kept.hasPrefix(store + ".damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == damagedBytes, "the damaged file is kept unchanged")
        let filesAfter = Set(try FileManager.default.contentsOfDirectory(atPath: home.path))
        #expect(filesBefore.subtracting(filesAfter).isEmpty, "nothing deleted: \(filesBefore) → \(filesAfter)")

        let check = try await host.run(["store", "check"])
        #expect(check.status == 0 && check.stdout.hasPrefix("ok: "), "\(check)")
        let summary = try await status.json(["--format", "json"]) as? [String: Any]
        #expect(summary?["reports"] as? Int == recovered)
        _ = try await host.succeed(["reports", "add", "--patient-name", "After recovery", "--age", "50"])
        let listed = try await host.json(["reports", "list", "--page-size", "1000", "--json"]) as? [[String: Any]] ?? []
        #expect(listed.count == recovered + 1)
    }
}
