import Foundation
import StrataTestSupport
import Testing

/// `STRATA_SERVER_URL` as the real executables show it: a password holding white space is
/// masked whole, and an `@` after the authority (in a path or fragment) is no password.
@Suite("STRATA_SERVER_URL is masked whole, and only its password", .childProcessSlot)
struct ServerURLMaskTests {
    static let secret = "Pa55-wOrd-q7x"

    @Test(
        "a password holding a space, tab, newline, ideographic or no-break space never shows, in one refusal line",
        arguments: [" ", "\t", "\n", "\u{3000}", "\u{A0}"])
    func whiteSpaceInThePassword(space: String) async throws {
        let home = temporaryHome()
        let url = "http://u:\(Self.secret.prefix(4))\(space)\(Self.secret.dropFirst(4))@127.0.0.1:9"
        let environment = ["STRATA_SERVER_URL": url, "STRATA_APP_KEY": "app-key"]
        let runs: [(String, [String], String?)] = [
            ("strata-host", ["account", "status"], nil),
            ("strata-host", ["account", "login", "--account", "u", "--password-stdin"], "a long password\n"),
            ("strata-status", [], nil), ("strata-status", ["--format", "json"], nil), ("strata-notifyd", ["--once"], nil),
        ]
        for (name, arguments, stdin) in runs {
            let outcome = try await StrataProcess(name, home: home, extraEnvironment: environment).run(arguments, stdin: stdin)
            let what = "\(name) \(arguments) with \(url.debugDescription): \(outcome)"
            #expect(outcome.status == 1, "\(what)")
            for part in [Self.secret.prefix(4), Self.secret.dropFirst(4)] {
                #expect(!outcome.stdout.contains(part) && !outcome.stderr.contains(part), "\(what)")
            }
            #expect(outcome.stderrLines.count == 1, "\(what)")
            #expect(outcome.stderr.contains("STRATA_SERVER_URL=http://u:***@127.0.0.1:9"), "\(what)")
        }
    }

    @Test(
        "a URL with an @ in its path or fragment is shown as it is by account status and strata-status",
        arguments: ["http://example.org/a@b", "http://127.0.0.1:18480#x@y"])
    func atAfterTheAuthority(url: String) async throws {
        let home = temporaryHome()
        let environment = ["STRATA_SERVER_URL": url, "STRATA_APP_KEY": "app-key"]
        let host = StrataProcess("strata-host", home: home, extraEnvironment: environment)
        _ = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        let status = StrataProcess("strata-status", home: home, extraEnvironment: environment)
        for (process, arguments) in [
            (host, ["account", "status"]), (host, ["account", "status", "--json"]), (status, ["--format", "json"]),
        ] {
            let outcome = try await process.run(arguments)
            let what = "\(process.name) \(arguments): \(outcome)"
            #expect(outcome.status == 0, "\(what)")
            let shown = outcome.stdout.replacingOccurrences(of: "\\/", with: "/")
            #expect(shown.contains(url) && !shown.contains("***"), "\(what)")
        }
    }
}
