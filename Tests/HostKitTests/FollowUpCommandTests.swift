import Foundation
import StrataHostKit
import Testing

@Suite("strata-host follows")
struct FollowUpCommandTests {
    @Test("follows add prints the id; follows list --report lists it with its medications")
    func addThenList() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let id = try await host.addFollowUp(
            report: report, date: "2026-12-01", "--max-bp", "140", "--min-bp", "90", "--medication", "ace",
            "--medication", "diuretic")
        let listed = await host.run("follows", "list", "--report", report, "--json")
        #expect(listed.status == 0, "\(listed)")
        let array = try #require(try HostHarness.json(listed) as? [[String: Any]])
        let followUp = try #require(array.first)
        #expect(array.count == 1)
        #expect(followUp["id"] as? String == id)
        #expect(followUp["reportId"] as? String == report)
        #expect(followUp["date"] as? String == "2026-12-01")
        #expect(followUp["maxBloodPressure"] as? Double == 140)
        #expect(followUp["minBloodPressure"] as? Double == 90)
        #expect(followUp["medications"] as? [String] == ["diuretic", "ace"])
        #expect(followUp["done"] as? Bool == false)
    }

    @Test("follow-up JSON keeps every key, writing null for what was not measured")
    func followUpJSONHasStableKeys() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let added = await host.run("follows", "add", "--report", report, "--date", "2026-12-01", "--json")
        #expect(added.status == 0, "\(added)")
        let object = try #require(try HostHarness.json(added) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "reportId", "date", "maxBloodPressure", "minBloodPressure", "medications", "memo", "done",
                "createdAt",
            ])
        #expect(object["maxBloodPressure"] is NSNull)
    }

    @Test("follows list prints a table with the blood pressure as max/min")
    func listPrintsATable() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        _ = try await host.addFollowUp(report: report, date: "2026-12-01", "--max-bp", "140", "--min-bp", "90")
        let listed = await host.run("follows", "list")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.text.hasPrefix("ID"))
        #expect(listed.text.contains("140/90"))
        #expect(listed.text.contains("2026-12-01"))
    }

    @Test("follows due is today only by default; --days and --from/--to widen the period")
    func dueSelectsThePeriod() async throws {
        let host = try await HostHarness()  // today is 2026-11-22
        let report = try await host.addReport("Hanako Sato")
        let today = try await host.addFollowUp(report: report, date: "2026-11-22")
        let inThreeDays = try await host.addFollowUp(report: report, date: "2026-11-25")
        _ = try await host.addFollowUp(report: report, date: "2026-11-21")  // yesterday: overdue, not due

        #expect(try await dueIDs(host, []) == [today])
        #expect(try await dueIDs(host, ["--days", "3"]) == [today])
        #expect(try await dueIDs(host, ["--days", "4"]) == [today, inThreeDays])
        #expect(try await dueIDs(host, ["--from", "2026-11-23", "--to", "2026-11-25"]) == [inThreeDays])
    }

    @Test("follows due --json pairs each follow-up with its report")
    func dueJSONCarriesTheReport() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato", age: 42)
        _ = try await host.addFollowUp(report: report, date: "2026-11-22")
        let due = await host.run("follows", "due", "--json")
        let array = try #require(try HostHarness.json(due) as? [[String: Any]])
        let embedded = try #require(array.first?["report"] as? [String: Any])
        #expect(embedded["patientName"] as? String == "Hanako Sato")
    }

    @Test("follows due prints the patient in text, or a sentence naming the day when none is due")
    func dueText() async throws {
        let host = try await HostHarness()
        #expect(await host.run("follows", "due").text == "No follow-ups due 2026-11-22.")
        #expect(await host.run("follows", "due", "--days", "7").text == "No follow-ups due 2026-11-22 to 2026-11-28.")
        let report = try await host.addReport("Hanako Sato")
        _ = try await host.addFollowUp(report: report, date: "2026-11-22")
        #expect(await host.run("follows", "due").text.contains("Hanako Sato"))
    }

    @Test("follows done takes a follow-up out of the due list")
    func doneRemovesFromDue() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let id = try await host.addFollowUp(report: report, date: "2026-11-22")
        let done = await host.run("follows", "done", id)
        #expect(done.status == 0, "\(done)")
        #expect(try await dueIDs(host, []) == [])
    }

    @Test("a period that runs backwards is an error naming --from and --to")
    func backwardsPeriodIsAnError() async throws {
        let host = try await HostHarness()
        let outcome = await host.run("follows", "due", "--from", "2026-12-01", "--to", "2026-11-01")
        #expect(outcome.status == 1)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("--to 2026-11-01 is before --from 2026-12-01"))
    }

    @Test("--days with --from, or --from without --to, is a usage error")
    func conflictingPeriodOptions() async throws {
        let host = try await HostHarness()
        for arguments in [["--from", "2026-12-01"], ["--days", "2", "--from", "2026-12-01", "--to", "2026-12-02"], ["--days", "0"]] {
            let outcome = await host.run(["follows", "due"] + arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome)")
            #expect(outcome.stderrLines.count == 1)
        }
    }

    private func dueIDs(_ host: HostHarness, _ arguments: [String]) async throws -> [String] {
        let outcome = await host.run(["follows", "due", "--json"] + arguments)
        guard outcome.status == 0 else { throw HarnessError(outcome: outcome) }
        let array = try #require(try HostHarness.json(outcome) as? [[String: Any]])
        return array.compactMap { $0["id"] as? String }
    }
}
