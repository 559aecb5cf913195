import Foundation
import StrataTestSupport
import Testing

/// Every executable's `--help` (and strata-server's per-command help) run as a real child
/// process: the real usage text on standard output, nothing on standard error, exit 0.
@Suite("--help of every executable", .childProcessSlot)
struct ExecutableHelpTests {
    @Test(
        "--help prints the executable's own usage and exits 0",
        arguments: ["strata-host", "strata-status", "strata-notifyd", "strata-server", "strata-check-layers"])
    func helpOfEachExecutable(name: String) async throws {
        let outcome = try await StrataProcess(name, home: temporaryHome()).run(["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("OVERVIEW: "), "\(outcome)")
        #expect(outcome.stdout.contains("USAGE: \(name)"), "\(outcome)")
        #expect(!outcome.stdout.contains("USAGE: \(name) help"), "the help of `help` instead: \(outcome)")
        #expect(outcome.stderr.isEmpty, "\(outcome)")
    }

    @Test(
        "strata-server's per-command help prints that command's usage and exits 0",
        arguments: [
            (["serve", "--help"], "USAGE: strata-server serve "),
            (["help", "serve"], "USAGE: strata-server serve "),
            (["admin", "--help"], "USAGE: strata-server admin <subcommand>"),
            (["help", "admin", "user", "create"], "USAGE: strata-server admin user create"),
        ])
    func serverCommandHelp(arguments: [String], usage: String) async throws {
        let outcome = try await StrataProcess("strata-server", home: temporaryHome()).run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome)")
        #expect(outcome.stdout.contains(usage), "\(arguments): \(outcome)")
        #expect(outcome.stderr.isEmpty, "\(arguments): \(outcome)")
    }

    @Test("strata-server admin without a subcommand is still a usage error (64) naming what is missing")
    func groupWithoutSubcommand() async throws {
        let outcome = try await StrataProcess("strata-server", home: temporaryHome()).run(["admin"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderrLines.first == "strata-server: a subcommand is missing; see --help", "\(outcome)")
    }
}
