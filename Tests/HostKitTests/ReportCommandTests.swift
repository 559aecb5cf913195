import Foundation
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit
import StrataSession
import Testing

@Suite("strata-host reports")
struct ReportCommandTests {
    @Test("reports add prints only the new id, and list --json contains the report")
    func addPrintsTheIdAndListShowsIt() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42, "--gender", "female", "--follow", "--memo", "hypertension")
        #expect(!id.isEmpty)
        #expect(!id.contains("\n") && !id.contains(" "))

        let listed = await host.run("reports", "list", "--json")
        #expect(listed.status == 0, "\(listed)")
        let array = try #require(try HostHarness.json(listed) as? [[String: Any]])
        #expect(array.count == 1)
        let report = try #require(array.first)
        #expect(report["id"] as? String == id)
        #expect(report["patientName"] as? String == "Hanako Sato")
        #expect(report["age"] as? Int == 42)
        #expect(report["gender"] as? String == "female")
        #expect(report["follow"] as? Bool == true)
        #expect(report["memo"] as? String == "hypertension")
    }

    @Test("report JSON always has the same keys, with ISO 8601 instants")
    func reportJSONHasStableKeys() async throws {
        let host = try await HostHarness()
        let added = await host.run("reports", "add", "--patient-name", "Taro", "--age", "7", "--json")
        #expect(added.status == 0, "\(added)")
        let report = try #require(try HostHarness.json(added) as? [String: Any])
        // Every declared field, always (the table may grow; these keys never go).
        #expect(Set(report.keys) == Set(["id"] + CaseReport.declaredFields.map(\.name)))
        #expect(Set(["id", "patientName", "age", "gender", "follow", "memo", "createdAt", "updatedAt"]).isSubset(of: report.keys))
        #expect(report["gender"] as? String == "unspecified")
        #expect(report["createdAt"] as? String == "2026-11-22T09:30:00Z")
    }

    @Test("reports list prints an aligned table, wide characters counted as two columns")
    func listPrintsAnAlignedTable() async throws {
        let host = try await HostHarness()
        _ = try await host.addReport("佐藤 花子", age: 42)
        _ = try await host.addReport("Bob", age: 101)
        let listed = await host.run("reports", "list")
        #expect(listed.status == 0, "\(listed)")
        let lines = listed.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        // Every row's GENDER column starts in the same terminal column as the header's.
        let genderColumns = lines.map { line in displayColumn(of: "GENDER", or: "unspecified", in: line) }
        #expect(Set(genderColumns).count == 1, "\(lines)")
        #expect(listed.text.contains("2026-11-22"))
    }

    @Test("an empty store lists as a sentence, and as an empty JSON array")
    func emptyListIsReadable() async throws {
        let host = try await HostHarness()
        #expect(await host.run("reports", "list").text == "No case reports.")
        let json = try HostHarness.json(await host.run("reports", "list", "--json")) as? [Any]
        #expect(json?.isEmpty == true)
    }

    @Test("reports list --search keeps only matching patients")
    func searchFilters() async throws {
        let host = try await HostHarness()
        _ = try await host.addReport("Hanako Sato")
        _ = try await host.addReport("Taro Yamada")
        let found = await host.run("reports", "list", "--search", "sato", "--json")
        let array = try #require(try HostHarness.json(found) as? [[String: Any]])
        #expect(array.map { $0["patientName"] as? String } == ["Hanako Sato"])
    }

    @Test("reports list pages with --page and --page-size")
    func listPages() async throws {
        let host = try await HostHarness()
        for index in 1...5 { _ = try await host.addReport("Patient \(index)") }
        let first = try #require(try HostHarness.json(await host.run("reports", "list", "--page-size", "2", "--json")) as? [Any])
        let third = try #require(
            try HostHarness.json(await host.run("reports", "list", "--page-size", "2", "--page", "3", "--json")) as? [Any])
        #expect(first.count == 2)
        #expect(third.count == 1)
    }

    @Test("reports list --scope mine|group|all lists by the owner each report was saved with; all is the default")
    func listByScope() async throws {
        let host = try await HostHarness()
        func signIn(_ user: String, _ groups: [String]) async throws {
            try await host.data.session.save(
                AuthInfo(
                    userID: user, account: user, groups: groups.map { GroupRole(groupID: $0, groupName: $0, roleName: "member") },
                    token: "t", validUntil: HostHarness.now.addingTimeInterval(86_400 * 3650)))
        }
        _ = try await host.addReport("Nobody's")
        try await signIn("alice", ["g1"])
        _ = try await host.addReport("Alice A")
        try await signIn("bob", ["g1"])
        _ = try await host.addReport("Bob B")
        try await signIn("carol", ["g2"])
        _ = try await host.addReport("Carol C")
        try await signIn("alice", ["g1"])
        func names(_ arguments: String...) async throws -> Set<String> {
            let outcome = await host.run(["reports", "list", "--json"] + arguments)
            #expect(outcome.status == 0, "\(outcome)")
            let array = try #require(try HostHarness.json(outcome) as? [[String: Any]])
            return Set(array.compactMap { $0["patientName"] as? String })
        }
        #expect(try await names("--scope", "mine") == ["Alice A"])
        #expect(try await names("--scope", "group") == ["Alice A", "Bob B"])
        #expect(try await names("--scope", "all") == ["Nobody's", "Alice A", "Bob B", "Carol C"])
        #expect(try await names() == ["Nobody's", "Alice A", "Bob B", "Carol C"])
        #expect(try await names("--scope", "group", "--search", "bob") == ["Bob B"])

        let help = await host.run("reports", "list", "--help")
        #expect(help.stdout.contains("--scope <mine|group|all>") && help.stdout.contains("mine (yours)"), "\(help)")
        for language in [MessageLanguage.english, .japanese] {
            let outcome = await MessageLanguage.$current.withValue(language) { await host.run("reports", "list", "--scope", "everyone") }
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
            let expected = language == .english
                ? "--scope must be one of mine, group, all (got everyone)"
                : "--scope には mine, group, all のいずれかを指定してください (指定値: everyone)"
            #expect(outcome.stderr.contains(expected), "\(outcome)")
        }
    }

    @Test("reports show prints labelled lines, or the JSON object")
    func showPrintsOneReport() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42, "--memo", "line one\nline two")
        let shown = await host.run("reports", "show", id)
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.text.contains("patient  Hanako Sato"))
        #expect(shown.text.contains("age      42"))
        #expect(shown.text.contains("memo     line one\n         line two"))
        let json = try #require(try HostHarness.json(await host.run("reports", "show", id, "--json")) as? [String: Any])
        #expect(json["id"] as? String == id)
    }

    @Test("reports update changes only the given fields")
    func updateChangesGivenFields() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42, "--follow", "--memo", "first")
        let updated = await host.run("reports", "update", id, "--age", "43", "--no-follow", "--json")
        #expect(updated.status == 0, "\(updated)")
        let json = try #require(try HostHarness.json(updated) as? [String: Any])
        #expect(json["age"] as? Int == 43)
        #expect(json["follow"] as? Bool == false)
        #expect(json["memo"] as? String == "first")
        #expect(json["patientName"] as? String == "Hanako Sato")
    }

    @Test("reports update with nothing to change is a usage error naming the options")
    func updateWithoutChangesIsAUsageError() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let outcome = await host.run("reports", "update", id)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("--patient-name"))
    }

    @Test("reports delete removes the report; showing it afterwards names the id")
    func deleteRemoves() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let deleted = await host.run("reports", "delete", id)
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.text.contains(id))
        let shown = await host.run("reports", "show", id)
        #expect(shown.status == 1)
        #expect(shown.stderrLines.count == 1)
        #expect(shown.stderr.hasPrefix("strata-host: "))
        #expect(shown.stderr.contains(id))
    }

    /// The terminal column where `word` (or else `fallback`) starts in `line`, counting wide characters as 2.
    private func displayColumn(of word: String, or fallback: String, in line: String) -> Int? {
        guard let range = line.range(of: word) ?? line.range(of: fallback) else { return nil }
        return line[..<range.lowerBound].unicodeScalars.reduce(0) { width, scalar in
            width + ((0x3000...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
    }
}
