import Foundation
import StrataTestSupport
import Testing

/// A password in `STRATA_SERVER_URL` (`http://user:PASSWORD@host`) in the real `strata-host`
/// and `strata-status`: refused in one line that masks it, and never written anywhere.
@Suite("a password in STRATA_SERVER_URL is never printed nor kept", .childProcessSlot)
struct ServerURLPasswordTests {
    static let secret = "Pa55-wOrd-q7x"

    @Test("every command of strata-host and strata-status refuses the URL in one line with the password masked; no file holds it")
    func refusedMaskedNeverKept() async throws {
        let home = temporaryHome()
        // A store that exists (made offline), so a command that got past the URL could write to it.
        let offline = StrataProcess("strata-host", home: home)
        _ = try await offline.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])

        let urls = [
            ("http://sigrid:\(Self.secret)@127.0.0.1:9", "http://sigrid:***@127.0.0.1:9 names a user or password"),
            ("https://sigrid:\(Self.secret)@sync.example.org/", "https://sigrid:***@sync.example.org/ names a user or password"),
            // Without a scheme it is not a URL at all; the refusal still masks the password.
            ("sigrid:\(Self.secret)@127.0.0.1:9", "sigrid:***@127.0.0.1:9 is not a server URL"),
        ]
        for (url, expected) in urls {
            let environment = ["STRATA_SERVER_URL": url, "STRATA_APP_KEY": "app-key"]
            let host = StrataProcess("strata-host", home: home, extraEnvironment: environment)
            let status = StrataProcess("strata-status", home: home, extraEnvironment: environment)
            let runs: [(StrataProcess, [String], String?)] = [
                (host, ["account", "login", "--account", "sigrid", "--password-stdin"], "a long password\n"),
                (host, ["account", "status"], nil), (host, ["account", "status", "--json"], nil),
                (host, ["account", "logout", "--server-sync"], nil), (host, ["sync"], nil),
                (host, ["reports", "list"], nil), (status, [], nil), (status, ["--format", "json"], nil),
            ]
            for (process, arguments, stdin) in runs {
                let outcome = try await process.run(arguments, stdin: stdin)
                let what = "\(process.name) \(arguments) with \(url): \(outcome)"
                #expect(outcome.status == 1, "\(what)")
                #expect(!outcome.stdout.contains(Self.secret) && !outcome.stderr.contains(Self.secret), "\(what)")
                let lines = outcome.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(what)")
                #expect(outcome.stderr.contains("STRATA_SERVER_URL=\(expected)"), "\(what)")
            }
        }
        // Nothing in the home (the store, its journal, the session, the key file) holds the password.
        #expect(try filesHolding(Self.secret, under: home).isEmpty)
        let reports = try await offline.succeed(["reports", "list"])
        #expect(reports.contains("Hanako Sato"))
    }

    /// The files under `directory` whose bytes contain `text`.
    private func filesHolding(_ text: String, under directory: URL) throws -> [String] {
        let needle = Data(text.utf8)
        var holding: [String] = []
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = walker?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if let bytes = try? Data(contentsOf: file), bytes.range(of: needle) != nil { holding.append(file.path) }
        }
        return holding
    }
}
