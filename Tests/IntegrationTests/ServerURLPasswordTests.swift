import CSQLite
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

    @Test("a store an earlier Strata left with the password in its server and last error shows both masked in every status")
    func oldStoreShownMasked() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        _ = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        let url = "http://sigrid:\(Self.secret)@127.0.0.1:9"
        try write(
            ["sync.server": url, "sync.connectivity": "offline",
             "sync.lastError": "cannot reach the sync server \(url) to sync: connection refused (is the server running?)"],
            into: home.appendingPathComponent("strata.sqlite").path)

        let status = StrataProcess("strata-status", home: home)
        for (process, arguments) in [
            (host, ["account", "status"]), (host, ["account", "status", "--json"]), (status, []), (status, ["--format", "json"]),
        ] {
            let outcome = try await process.run(arguments)
            let what = "\(process.name) \(arguments): \(outcome)"
            #expect(outcome.status == 0, "\(what)")
            #expect(!outcome.stdout.contains(Self.secret) && !outcome.stderr.contains(Self.secret), "\(what)")
            #expect(outcome.stdout.replacingOccurrences(of: "\\/", with: "/").contains("http://sigrid:***@127.0.0.1:9"), "\(what)")
        }
    }

    /// Writes `facts` into the store's `_strata_settings`, as an earlier Strata's engine did.
    private func write(_ facts: [String: String], into path: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        sqlite3_busy_timeout(handle, 10_000)
        for (key, value) in facts {
            var statement: OpaquePointer?
            try #require(
                sqlite3_prepare_v2(
                    handle, #"INSERT OR REPLACE INTO "_strata_settings" ("key", "value") VALUES (?1, ?2)"#, -1, &statement, nil)
                    == SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            sqlite3_bind_text(statement, 1, key, -1, transient)
            sqlite3_bind_text(statement, 2, value, -1, transient)
            try #require(sqlite3_step(statement) == SQLITE_DONE, "\(String(cString: sqlite3_errmsg(handle)))")
        }
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
