import Foundation
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import StrataTestSupport
import Testing

/// What hostile or careless input used to get through: control characters printed raw, empty
/// ids read as "everything", loose `open` URLs, negative numbers read as options, Foundation
/// error codes in messages.
@Suite("strata-host refuses hostile input with one clear line")
struct HostileInputTests {
    private func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" }
    }

    // MARK: 15 — control characters

    @Test("a name with ESC is refused naming patientName; nothing raw reaches the terminal")
    func escInNameIsRefused() async throws {
        let host = try await HostHarness()
        let outcome = await host.run("reports", "add", "--patient-name", "\u{1B}[2JSato", "--age", "40")
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.hasPrefix("strata-host: patientName holds the control character U+001B (ESC)"), "\(outcome)")
        #expect(!hasRawControl(outcome.stderr))
        let nul = await host.run("reports", "add", "--patient-name", "\u{00}", "--age", "40")
        #expect(nul.status == 1 && nul.stderr.contains("U+0000 (NUL)"), "\(nul)")
        #expect(try await host.domain.reports.list(.first).isEmpty)
    }

    @Test("an account name with a control character is refused before anything is sent or prompted")
    func accountNameWithControlIsRefused() async throws {
        let host = try await HostHarness()
        let outcome = await host.run("account", "login", "--account", "al\u{1B}[2Jice", "--password-stdin")
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines == [
            "strata-host: --account 'al\\u{1B}[2Jice' holds the control character U+001B (ESC) at position 3; "
                + "expected an account name on the server"
        ], "\(outcome)")
        #expect(!hasRawControl(outcome.stdout + outcome.stderr))
        #expect(host.launches.isEmpty)
    }

    @Test("a name already stored with control characters is listed and shown escaped")
    func oldNameIsEscaped() async throws {
        let host = try await HostHarness()
        var report = CaseReport()
        report.patientName = "\u{1B}[2J\u{1B}]0;pwned\u{07}Sato"
        report.age = 40
        report.memo = "one\ntwo\u{9B}"
        let id = try await host.data.store.save(report).objectId ?? ""
        let list = await host.run("reports", "list")
        #expect(list.status == 0, "\(list)")
        #expect(!hasRawControl(list.stdout), "\(list.stdout.debugDescription)")
        #expect(list.stdout.contains("\\u{1B}[2J\\u{1B}]0;pwned\\u{7}Sato"))
        let show = await host.run("reports", "show", id)
        #expect(!hasRawControl(show.stdout), "\(show.stdout.debugDescription)")
        #expect(show.stdout.contains("one\n") && show.stdout.contains("two\\u{9B}"))
    }

    // MARK: 16 — impossible dates

    @Test("an impossible --date is refused naming the option and the value, not rolled over", arguments: [
        "2026-02-30", "2026-02-30T10:00:00Z", "2026-11-22T24:30:00Z", "0000-01-01",
    ])
    func impossibleDate(date: String) async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Sato")
        let outcome = await host.run("follows", "add", "--report", report, "--date", date)
        #expect(outcome.status != 0, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-host: --date '\(date)' is not a date: "), "\(outcome)")
        #expect(try await host.domain.followUps.list(reportID: nil).isEmpty)
        let due = await host.run("open", "strata://follows/due?from=\(date)&to=2026-12-01")
        #expect(due.status != 0 && due.stderr.contains("from '\(date)' is not a date"), "\(due)")
    }

    // MARK: 17 — strict open URLs

    @Test(
        "open refuses a bad escape, a repeated key, an unknown format and a fragment, naming the parameter",
        arguments: [
            ("strata://reports/new?patientName=%ZZ&age=4", "parameter 'patientName' holds '%ZZ'"),
            ("strata://reports/new?patientName=%FF&age=4", "parameter 'patientName' decodes to bytes that are not UTF-8"),
            ("strata://reports/new?patientName=A&age=4&age=5", "parameter 'age' is given twice"),
            ("strata://reports?format=xml", "parameter 'format' is 'xml'; expected one of: json, text"),
            ("strata://reports?search", "parameter 'search' has no value"),
            ("strata://reports#top", "no fragment"),
            ("strata://reports/a%2Fdelete", "holds an encoded '/'"),
            ("strata://reports/new?patientName=A&age=4%", "parameter 'age' holds '%'"),
            ("strata://reports//delete", "the path has an empty segment"),
            ("strata://reports//", "the path has an empty segment"),
        ])
    func strictOpen(url: String, named: String) async throws {
        let host = try await HostHarness()
        let outcome = await host.run("open", url)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.contains(named), "\(outcome)")
        #expect(try await host.domain.reports.list(.first).isEmpty)
    }

    @Test("open still reads good escapes, + as itself, and format=json or text")
    func goodOpen() async throws {
        let host = try await HostHarness()
        let added = await host.run("open", "strata://reports/new?patientName=Hanako%20Sato%2B&age=42&format=text")
        #expect(added.status == 0, "\(added)")
        #expect(try await host.domain.reports.list(.first).map(\.patientName) == ["Hanako Sato+"])
        #expect(await host.run("open", "strata://reports?format=json").stdout.contains("Hanako Sato+"))
        #expect(await host.run("open", "strata://reports?format=text", "--json").status == 64)
        let nul = await host.run("open", "strata://reports/new?patientName=%00&age=4")
        #expect(nul.status == 1 && nul.stderr.contains("patientName holds the control character U+0000 (NUL)"), "\(nul)")
    }

    // MARK: 18 — empty ids

    @Test(
        "an empty id is a usage error naming it, never the whole list",
        arguments: [
            (["reports", "show", ""], "the report id is empty"), (["reports", "delete", ""], "the report id is empty"),
            (["reports", "update", "", "--age", "3"], "the report id is empty"),
            (["follows", "done", ""], "the follow-up id is empty"), (["follows", "list", "--report", ""], "--report is empty"),
            (["follows", "add", "--report", "", "--date", "2026-12-01"], "--report is empty"),
            (["reports", "show", "x/delete"], "holds a '/'"),
        ])
    func emptyID(arguments: [String], named: String) async throws {
        let host = try await HostHarness()
        _ = try await host.addReport("Hanako Sato")
        let outcome = await host.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
        #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(named), "\(outcome)")
        #expect(try await host.domain.reports.list(.first).count == 1)
    }

    // MARK: 19 — messages

    @Test(
        "a negative number is one line naming the option and saying negative is not allowed (exit 64)",
        arguments: [
            (["reports", "add", "--patient-name", "X", "--age", "-1"], "--age -1: a negative value is not allowed"),
            (["reports", "update", "r", "--age", "-1"], "--age -1: a negative value is not allowed"),
            (["reports", "list", "--page", "-2"], "--page -2: a negative value is not allowed"),
            (["reports", "list", "--page-size", "-2"], "--page-size -2: a negative value is not allowed"),
            (["follows", "due", "--days", "-5"], "--days -5: a negative value is not allowed"),
            (["follows", "add", "--report", "r", "--date", "2026-12-01", "--max-bp", "-5"], "--max-bp -5: a negative"),
            (["follows", "add", "--report", "r", "--date", "2026-12-01", "--min-bp", "-0.5"], "--min-bp -0.5: a negative"),
        ])
    func negativeNumbers(arguments: [String], line: String) async throws {
        let host = try await HostHarness()
        let outcome = await host.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-host: \(line)"), "\(outcome)")
        #expect(host.launches.isEmpty)
    }

    @Test(
        "a number option given no number names the value and why: too large, not whole, not a number, empty",
        arguments: [
            (["reports", "add", "--patient-name", "X", "--age", "99999999999999999999"], "'99999999999999999999' is invalid for '--age <years>': the number is too large"),
            (["reports", "add", "--patient-name", "X", "--age", "4.5"], "'4.5' is invalid for '--age <years>': expected a whole number"),
            (["reports", "list", "--page", "abc"], "'abc' is invalid for '--page <n>': it is not a number"),
            (["follows", "add", "--report", "r", "--date", "2026-12-01", "--max-bp", ""], "'' is invalid for '--max-bp <mmHg>': the value is empty; expected a number"),
        ])
    func numbersThatAreNot(arguments: [String], line: String) async throws {
        let host = try await HostHarness()
        let outcome = await host.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr == "strata-host: The value \(line)\n", "\(outcome)")
    }

    @Test("a text value starting with '-' is the value, never 'Missing value': memos and names are kept, dates refused as dates")
    func dashValues() async throws {
        let host = try await HostHarness()
        let added = await host.run("reports", "add", "--patient-name", "-Sato", "--age", "40", "--memo", "- took meds")
        #expect(added.status == 0, "\(added)")
        let report = try #require(try await host.domain.reports.list(.first).first)
        #expect(report.patientName == "-Sato" && report.memo == "- took meds")
        let id = try #require(report.objectId)
        #expect(await host.run("reports", "update", id, "--memo", "-x").status == 0)
        #expect(await host.run("reports", "list", "--search", "-sat").stdout.contains("-Sato"))
        for arguments in [
            ["follows", "add", "--report", id, "--date", "-2026-12-01"],
            ["follows", "due", "--from", "-2026-12-01", "--to", "2026-12-02"],
        ] {
            let outcome = await host.run(arguments)
            #expect(outcome.status != 0 && outcome.stderrLines.count == 1, "\(outcome)")
            #expect(outcome.stderr.contains("'-2026-12-01' is not a date"), "\(outcome)")
            #expect(!outcome.stderr.contains("Missing value"), "\(outcome)")
        }
    }

    @Test("--config naming a directory or a missing file says so in words, with no Foundation error code")
    func configProblems() async throws {
        let folder = TemporaryRoot.directory("strata-host-config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let host = try await HostHarness()
        let directory = await host.run("reports", "list", "--config", folder.path)
        #expect(directory.status == 1, "\(directory)")
        #expect(directory.stderr == "strata-host: \(folder.path): cannot be read: is a directory; expected a configuration "
            + "file (property list or JSON)\n", "\(directory)")
        let missing = await host.run("reports", "list", "--config", folder.appendingPathComponent("none.plist").path)
        #expect(missing.stderr.contains("cannot be read: no such file or directory"), "\(missing)")
        #expect(!(directory.stderr + missing.stderr).contains("NSCocoaErrorDomain"))
        #expect(host.launches.isEmpty)
    }

    @Test("--config naming a FIFO, a device or a huge file is refused naming what it is, never read (no hang)")
    func configThatIsNoRegularFile() async throws {
        let fifo = TemporaryRoot.directory("strata-host-config-fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let huge = TemporaryRoot.directory("strata-host-config-huge")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 2 << 20) == 0)
        let host = try await HostHarness()
        let cases = [
            (fifo.path, "is not a regular file (it is a named pipe, a FIFO)"),
            ("/dev/zero", "is not a regular file (it is a device)"),
            (huge.path, "is 2097152 bytes; a configuration file may hold at most 1048576 bytes"),
        ]
        for (path, words) in cases {
            let outcome = await host.run("reports", "list", "--config", path)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr == "strata-host: \(path) \(words)" + (words.hasSuffix("bytes") ? "\n" : "; expected a configuration file (property list or JSON)\n"), "\(outcome)")
        }
        #expect(host.launches.isEmpty)
    }
}
