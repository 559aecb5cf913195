import Foundation
import StrataDomain
import StrataTestSupport
import Testing

/// The command lines as a person at a shell meets them, run as real child processes: the
/// completion scripts offer each option's values, a mistyped subcommand names the nearest one,
/// `--help` examples carry no date that goes stale, and strata-server's `--verbose` and listing
/// header.
@Suite("Completions, mistyped subcommands and help examples of every executable", .childProcessSlot)
struct ExecutableCompletionTests {
    /// An option and the values its completion must offer.
    struct Expected: Sendable, CustomStringConvertible {
        let executable: String
        let option: String
        let values: [String]
        var description: String { "\(executable) --\(option)" }
    }

    /// What each executable's completions must offer, the lists taken from the code that declares them.
    static let expected: [Expected] = [
        Expected(executable: "strata-host", option: "gender", values: Gender.allCases.map(\.name)),
        Expected(executable: "strata-host", option: "scope", values: PageRequest.scopeNames),
        Expected(executable: "strata-host", option: "medication", values: Medication.allCases.map(\.rawValue)),
        Expected(executable: "strata-status", option: "format", values: ["text", "json", "waybar", "i3blocks"]),
        Expected(executable: "strata-notifyd", option: "desktop", values: ["auto", "dbus", "off"]),
        Expected(
            executable: "strata-server", option: "log-level",
            values: ["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        Expected(executable: "strata-check-layers", option: "format", values: ["text", "json", "github"]),
        Expected(executable: "strata-check-layers", option: "explain", values: ["layer-rank", "composition-root"]),
    ]

    /// Where a shell's script names `option` (its values are written next to it).
    static func marker(of option: String, shell: String) -> String {
        switch shell {
        case "bash": "'--\(option)')"
        case "zsh": "'--\(option)["
        default: "-l '\(option)'"
        }
    }

    @Test(
        "each shell's completion script offers an option's values next to the option",
        arguments: ["bash", "zsh", "fish"], expected)
    func completionsOfferValues(shell: String, expected: Expected) async throws {
        let outcome = try await StrataProcess(expected.executable, home: temporaryHome())
            .run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome)")
        let script = outcome.stdout
        let marker = Self.marker(of: expected.option, shell: shell)
        let found = try #require(script.range(of: marker), "\(expected) (\(shell)): no \(marker) in the script")
        if shell == "zsh" {
            // zsh names the values in an array (`local -ar ___name=('a' 'b')`) the option's line refers to.
            let line = script[found.lowerBound...].prefix { $0 != "\n" }
            let name = try #require(line.firstMatch(of: /\$\{(___[A-Za-z0-9_]+)\[@\]\}/)?.output.1, "\(expected): \(line)")
            let array = try #require(script.range(of: "\(name)=("), "\(expected): no array \(name)")
            let values = script[array.upperBound...].prefix { $0 != ")" }
            for value in expected.values { #expect(values.contains("'\(value)'"), "\(expected): \(value) is not in \(values)") }
            return
        }
        // bash and fish write the values right after the option.
        let window = script[
            (script.index(found.lowerBound, offsetBy: -900, limitedBy: script.startIndex) ?? script.startIndex)..<(script.index(
                found.upperBound, offsetBy: 400, limitedBy: script.endIndex) ?? script.endIndex)]
        for value in expected.values {
            #expect(window.contains("'\(value)'") || window.contains(" \(value) ") || window.contains("'\(value) ") || window.contains(" \(value)'"),
                "\(expected) (\(shell)): \(value) is not offered near \(marker):\n\(window)")
        }
    }

    @Test("--config completes to property-list and JSON files, strata-server's --data-dir to directories", arguments: ["bash", "zsh", "fish"])
    func completionsOfferFiles(shell: String) async throws {
        let host = try await StrataProcess("strata-host", home: temporaryHome()).run(["--generate-completion-script", shell])
        let config = try #require(host.stdout.range(of: Self.marker(of: "config", shell: shell)), "\(host)")
        #expect(host.stdout[config.lowerBound...].prefix(300).contains("plist"), "\(shell): \(host.stdout[config.lowerBound...].prefix(300))")
        let server = try await StrataProcess("strata-server", home: temporaryHome()).run(["--generate-completion-script", shell])
        let dataDir = try #require(server.stdout.range(of: Self.marker(of: "data-dir", shell: shell)), "\(server)")
        let text = server.stdout[dataDir.lowerBound...].prefix(300)
        #expect(text.contains("-d") || text.contains("_files -/") || text.contains("__fish_complete_directories"), "\(shell): \(text)")
    }

    @Test(
        "a mistyped subcommand (or an option without its dashes) names the nearest one in one line and exits 64",
        arguments: [
            ("strata-host", ["reprots"], "strata-host: Unknown subcommand 'reprots'. Did you mean 'reports'?"),
            ("strata-host", ["reports", "lsit"], "strata-host: Unknown subcommand 'lsit'. Did you mean 'list'?"),
            ("strata-server", ["amdin", "user", "list"], "strata-server: Unknown subcommand 'amdin'. Did you mean 'admin'?"),
            ("strata-server", ["admin", "usr", "list"], "strata-server: Unknown subcommand 'usr'. Did you mean 'user'?"),
            ("strata-status", ["fromat", "json"], "strata-status: Unexpected argument 'fromat'. Did you mean '--format'?"),
            ("strata-notifyd", ["onse"], "strata-notifyd: Unexpected argument 'onse'. Did you mean '--once'?"),
            (
                "strata-check-layers", ["explian", "layer-rank"],
                "strata-check-layers: Unexpected argument 'explian'. Did you mean '--explain'? (see strata-check-layers --help)"
            ),
        ])
    func mistypedSubcommand(executable: String, arguments: [String], line: String) async throws {
        let outcome = try await StrataProcess(executable, home: temporaryHome()).run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines.map(String.init) == [line], "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }

    @Test(
        "no --help example of any command carries a literal date that goes stale",
        arguments: ["strata-host", "strata-status", "strata-notifyd", "strata-server", "strata-check-layers"])
    func helpExamplesCarryNoDate(executable: String) async throws {
        // The help dump holds every command's help (and is what the man page is made from).
        let outcome = try await StrataProcess(executable, home: temporaryHome()).run(["--experimental-dump-help"])
        #expect(outcome.status == 0, "\(outcome)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var texts: [String] = []
        func collect(_ command: [String: Any]) {
            texts += ["abstract", "discussion"].compactMap { command[$0] as? String }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                texts += ["abstract", "discussion"].compactMap { argument[$0] as? String }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { collect(subcommand) }
        }
        collect(try #require(dump["command"] as? [String: Any]))
        #expect(texts.count > 2)
        for text in texts {
            let dates = LiteralDates.find(in: text)
            #expect(dates.isEmpty, "\(executable): a help text shows a fixed date \(dates); use $(date -I -d '+7 days') or no date:\n\(text)")
        }
    }

    @Test("strata-check-layers says the package's version, as the other executables do")
    func checkerHasTheVersion() async throws {
        let checker = try await StrataProcess("strata-check-layers", home: temporaryHome()).run(["--version"])
        let host = try await StrataProcess("strata-host", home: temporaryHome()).run(["--version"])
        #expect(checker.status == 0 && !checker.stdout.isEmpty && checker.stdout == host.stdout, "\(checker) \(host)")
    }

    @Test("strata-server --verbose is in its help and says what an admin command opens, runs and how long it took")
    func serverVerbose() async throws {
        let data = temporaryHome().appendingPathComponent("server")
        let server = StrataProcess("strata-server", home: nil)
        let help = try await server.run(["admin", "group", "list", "--help"])
        #expect(help.stdout.contains("--verbose"), "\(help)")
        #expect(try await server.run(["admin", "group", "create", "nurses", "--data-dir", data.path]).status == 0)
        let quiet = try await server.run(["admin", "group", "list", "--data-dir", data.path])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
        let verbose = try await server.run(["admin", "group", "list", "--verbose", "--data-dir", data.path])
        #expect(verbose.status == 0, "\(verbose)")
        #expect(verbose.stdout == quiet.stdout, "\(verbose)")
        #expect(verbose.stderr.contains("running admin group list"), "\(verbose)")
        #expect(verbose.stderr.contains("SQLite in \(data.path) (from --data-dir)"), "\(verbose)")
        #expect(verbose.stderr.contains("finished admin group list"), "\(verbose)")
        #expect(verbose.stderr.contains(" debug "), "\(verbose)")
        let level = try await server.run(["admin", "group", "list", "--verbose", "--log-level", "error", "--data-dir", data.path])
        #expect(level.status == 0 && level.stderr.isEmpty, "--log-level wins over --verbose: \(level)")
    }

    @Test("strata-server admin listings print a header row and aligned columns at a terminal, tab-separated lines into a pipe")
    func serverListingHeader() async throws {
        let data = temporaryHome().appendingPathComponent("server")
        let server = StrataProcess("strata-server", home: nil)
        for group in ["nurses", "doctors-on-call"] {
            #expect(try await server.run(["admin", "group", "create", group, "--data-dir", data.path]).status == 0)
        }
        let piped = try await server.run(["admin", "group", "list", "--data-dir", data.path])
        let lines = piped.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.split(separator: "\t").count == 2 }, "\(piped)")
        let script = try SystemTool.path("script", package: "bsdutils")
        let command = [StrataProcess.executable("strata-server").path, "admin", "group", "list", "--data-dir", data.path]
            .map { "'\($0)'" }.joined(separator: " ")
        let terminal = try await SystemTool.run(script, ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal)")
        let rows = terminal.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(rows.count == 3, "\(terminal)")
        // The first column is as wide as its widest value (doctors-on-call, 15), then two spaces.
        #expect(rows.first == "NAME" + String(repeating: " ", count: 13) + "ID", "\(rows)")
        for row in rows {
            #expect(row.prefix(17).hasSuffix("  ") && !row.dropFirst(17).hasPrefix(" ") && !row.contains("\t"), "\(rows)")
        }
    }
}
