import Foundation
import StrataCrossCutting
import StrataDomain
import Testing

/// A case report's fields are declared once (`CaseReport.declaredFields`), a follow-up's too
/// (`FollowUp.declaredFields`): whatever the table holds reaches every place a person or a
/// program sees one, so a field added there (Docs/Walkthroughs.md) needs no other file.
@Suite("strata-host reports: every declared case-report field")
struct DeclaredFieldsTests {
    @Test("every declared case-report field is an option of reports add and update and a parameter in open --help")
    func everyFieldInTheHelp() async throws {
        let host = try await HostHarness()
        let add = await host.run("reports", "add", "--help")
        let update = await host.run("reports", "update", "--help")
        let open = await host.run("open", "--help")
        let inputs = CaseReport.inputFields
        #expect(inputs.map(\.name).starts(with: ["patientName", "age", "gender", "follow", "memo"]))
        for field in inputs {
            #expect(add.stdout.contains("--\(field.option)"), "\(field.name) missing from reports add --help: \(add)")
            #expect(update.stdout.contains("--\(field.option)"), "\(field.name) missing from reports update --help: \(update)")
            #expect(open.stdout.contains("\(field.name)="), "\(field.name) missing from open --help: \(open)")
        }
        #expect(open.stdout.contains("strata://reports/new?patientName=…&age=…[&gender=…&follow=true&memo=…"), "\(open)")
        let nothing = await host.run("reports", "update", "some-id")
        #expect(nothing.stderrLines.count == 1, "\(nothing)")
        #expect(
            nothing.stderr.hasPrefix(
                "strata-host: nothing to update: give at least one of --patient-name, --age, --gender, --follow/--no-follow, --memo"),
            "\(nothing)")
    }

    @Test("every declared case-report field is a key of the JSON and a labelled line of reports show, in both languages")
    func everyFieldInTheOutputs() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42, "--memo", "bp")
        let json = try #require(try HostHarness.json(await host.run("reports", "show", id, "--json")) as? [String: Any])
        #expect(Set(json.keys) == Set(["id"] + CaseReport.declaredFields.map(\.name)))
        for language in [MessageLanguage.english, .japanese] {
            let show = await MessageLanguage.$current.withValue(language) { await host.run("reports", "show", id) }
            let labels = show.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
            let expected = MessageLanguage.$current.withValue(language) { ["id"] + CaseReport.declaredFields.map(\.label.text) }
            #expect(labels == expected, "\(show)")
        }
    }

    @Test("every declared follow-up field is an option of follows add, a parameter in open --help and a key of its JSON")
    func everyFollowUpFieldEverywhere() async throws {
        let host = try await HostHarness()
        let add = await host.run("follows", "add", "--help")
        let open = await host.run("open", "--help")
        let inputs = FollowUp.inputFields
        #expect(inputs.map(\.option) == ["report", "date", "max-bp", "min-bp", "medication", "memo"])
        for field in inputs {
            #expect(add.stdout.contains("--\(field.option) "), "\(field.name) missing from follows add --help: \(add)")
            #expect(add.stdout.contains(field.help.prefix(30)), "\(field.name)'s help missing from follows add --help: \(add)")
            #expect(open.stdout.contains("\(field.name)="), "\(field.name) missing from open --help: \(open)")
        }
        let report = try await host.addReport("Hanako Sato")
        let added = await host.run(
            "follows", "add", "--report", report, "--date", "2026-12-01", "--max-bp", "140", "--min-bp", "90", "--medication", "ace",
            "--memo", "bp", "--json")
        let json = try #require(try HostHarness.json(added) as? [String: Any], "\(added)")
        #expect(Set(json.keys) == Set(["id"] + FollowUp.declaredFields.map(\.jsonName)))
        #expect(json["medications"] as? [String] == ["ace"] && json["maxBloodPressure"] as? Double == 140)
    }

    @Test("an option that is no declared field is one usage line naming it")
    func unknownOptionIsRefused() async throws {
        let host = try await HostHarness()
        for command in ["add", "update"] {
            let arguments = command == "add" ? ["--patient-name", "X", "--age", "3"] : ["some-id", "--age", "3"]
            let outcome = await host.run(["reports", command] + arguments + ["--frobnicate", "East 3"])
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderrLines == ["strata-host: Unknown option '--frobnicate'"], "\(outcome)")
        }
        #expect(host.launches.isEmpty)
    }
}
