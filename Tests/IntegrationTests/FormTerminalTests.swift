import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The forms of the real `strata-host` in a pseudo-terminal: a refused value re-asked alone,
/// choices listed and picked by number, `back` and `quit` inside a form, a follow-up's report
/// picked from a list, and a report's detail listing its follow-ups. Text is matched, never the
/// byte layout (the screen may be redrawn in place).
@Suite("strata-host forms in a terminal", .childProcessSlot)
struct FormTerminalTests {
    /// A host on a fresh pseudo-terminal, killed if still running when the test ends.
    private struct Host {
        let tty: PseudoTerminal
        let process: Process
        let home: URL

        init(home: URL = temporaryHome()) throws {
            self.home = home
            tty = try PseudoTerminal()
            (process, _) = try tty.startHost(home: home, environment: [:])
        }

        func kill() { if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) } }

        /// Waits until the screen shows `text`.
        func wait(for text: String, _ comment: String = "") async throws {
            try #require(await eventually { tty.screen.contains(text) }, "\(comment) no '\(text)' on:\n\(tty.screen)")
        }

        /// What was drawn after the last `marker`.
        /// From the Launcher into Reports' add form, the name typed: the age is asked next.
        func addReportUpToAge() async throws {
            try await wait(for: "— home")
            tty.type("reports")
            try await wait(for: "Case reports, newest first")
            tty.type("add")
            try await wait(for: "> Patient name")
            tty.type("Hanako Sato")
            try await wait(for: "> Age in years (0-150)")
        }

        func after(_ marker: String) -> String {
            tty.screen.components(separatedBy: marker).last ?? ""
        }

        /// A `strata-host` subcommand on the same home, its standard output.
        func run(_ arguments: [String]) async throws -> String {
            let result = try await StrataProcess("strata-host", home: home).run(arguments)
            try #require(result.status == 0, "\(arguments): \(result)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test("a bad age is re-asked alone with the domain's message, the name kept; gender and follow list choices a number picks")
    func badAgeAndChoices() async throws {
        let host = try Host()
        defer { host.kill() }
        try await host.addReportUpToAge()
        host.tty.type("200")
        let message = "age is 200; expected 0 to 150 (years)"
        try await host.wait(for: message)
        try #require(await eventually { host.after(message).contains("> Age in years (0-150)") }, "\(host.tty.screen)")
        let reasked = host.after(message)
        #expect(reasked.contains("Patient name: Hanako Sato"), "\(reasked)")
        #expect(!reasked.contains("> Patient name"), "the name was asked again:\n\(reasked)")
        host.tty.type("42")
        try await host.wait(for: "> Gender [unspecified]")
        try #require(await eventually { host.after("> Gender [unspecified]").contains("4. unspecified") }, "\(host.tty.screen)")
        let listed = host.after("> Gender [unspecified]")
        for choice in ["1. female", "2. male", "3. other"] { #expect(listed.contains(choice), "\(choice):\n\(listed)") }
        host.tty.type("1")
        try await host.wait(for: "Gender: female")
        try await host.wait(for: "> Needs follow-ups? [no]")
        host.tty.type("1")
        try await host.wait(for: "> Memo")
        host.tty.type("")
        try await host.wait(for: "Added case report")
        host.tty.type("quit")
        try #require(await eventually { !host.process.isRunning }, "still running after quit")

        let listed2 = try await host.run(["reports", "list", "--json"])
        #expect(listed2.contains("\"gender\" : \"female\"") && listed2.contains("\"follow\" : true"), "\(listed2)")
        #expect(listed2.contains("\"age\" : 42"), "\(listed2)")
    }

    @Test("back inside a form asks the previous field again; home shows the Launcher and the form waits; quit inside a form quits")
    func backAndQuitInAForm() async throws {
        let host = try Host()
        defer { host.kill() }
        try await host.addReportUpToAge()
        host.tty.type("back")
        let asked = "> Patient name [Hanako Sato] (required)"
        try await host.wait(for: asked)
        host.tty.type("home")
        try #require(await eventually { host.after(asked).contains("— home") }, "no Launcher after home:\n\(host.tty.screen)")
        host.tty.type("reports")
        try #require(await eventually { host.after("— home").contains(asked) }, "the form is gone:\n\(host.tty.screen)")
        host.tty.type("quit")
        try #require(await eventually { !host.process.isRunning }, "still running after quit in a form:\n\(host.tty.screen)")
        host.process.waitUntilExit()
        #expect(host.process.terminationStatus == 0)
        #expect(try await host.run(["reports", "list"]).contains("No case reports"), "the form saved something")
    }

    @Test("scheduling a follow-up picks report 1 from the list of recent reports (patient name and date)")
    func scheduleFromTheList() async throws {
        let home = temporaryHome()
        let seeded = try await StrataProcess("strata-host", home: home).run(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        try #require(seeded.status == 0, "\(seeded)")
        let report = seeded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let host = try Host(home: home)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.type("followups")
        try await host.wait(for: "Due today")
        host.tty.type("schedule")
        try await host.wait(for: "> Case report (required)")
        try await host.wait(for: "1. Hanako Sato, ")
        #expect(host.after("> Case report (required)").contains(report), "the id is not listed:\n\(host.tty.screen)")
        host.tty.type("1")
        try await host.wait(for: "Case report: Hanako Sato, ")
        try await host.wait(for: "> Date (YYYY-MM-DD)")
        for line in ["", "140", "90"] { host.tty.type(line) }
        try await host.wait(for: "1. alpha blocker (alphaBlocker)")
        host.tty.type("6,diuretic")
        try await host.wait(for: "> Memo")
        host.tty.type("")
        try await host.wait(for: "Scheduled follow-up")
        host.tty.type("quit")
        try #require(await eventually { !host.process.isRunning }, "still running after quit")

        let followUps = try await host.run(["follows", "list", "--report", report, "--json"])
        #expect(followUps.contains("\"maxBloodPressure\" : 140"), "\(followUps)")
        #expect(followUps.contains("ace") && followUps.contains("diuretic"), "\(followUps)")
    }

    @Test("a report's detail lists its follow-ups; schedule there opens the form for this report, and the new one is listed")
    func reportDetailFollowUps() async throws {
        let home = temporaryHome()
        let seeded = try await StrataProcess("strata-host", home: home).run(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        try #require(seeded.status == 0, "\(seeded)")
        let report = seeded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let added = try await StrataProcess("strata-host", home: home).run(
            ["follows", "add", "--report", report, "--date", "2026-11-20", "--max-bp", "150", "--min-bp", "95"])
        try #require(added.status == 0, "\(added)")
        let host = try Host(home: home)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.type("reports")
        try await host.wait(for: "Case reports, newest first")
        host.tty.type("show 1")
        try await host.wait(for: "follow-ups 1 (1 not done)")
        let detail = host.after("follow-ups 1 (1 not done)")
        #expect(detail.contains("2026-11-20") && detail.contains("150/95"), "\(detail)")
        try await host.wait(for: "edit · delete · schedule")
        host.tty.type("schedule")
        try await host.wait(for: "> Case report [\(report)] (required)")
        for line in ["", "2026-12-01", "", "", "", ""] { host.tty.type(line) }
        try await host.wait(for: "Scheduled follow-up")
        host.tty.type("back")
        try await host.wait(for: "follow-ups 2 (2 not done)")
        #expect(host.after("follow-ups 2 (2 not done)").contains("2026-12-01"), "\(host.tty.screen)")
        host.tty.type("quit")
        try #require(await eventually { !host.process.isRunning }, "still running after quit")
    }
}
