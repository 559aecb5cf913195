import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// The admin console as a person uses it: the real `strata-server`, and Debian's chromium
/// (headless, through chromium-driver and selenium) walking `Tests/Browser/admin_console.py`'s
/// steps: an anonymous visit is sent to sign-in, an administrator signs in, creates a user,
/// sends a push to a group, sees the events chart, browses the synced data down to one
/// object's history, opens the sessions, devices and administrators pages, is asked to confirm
/// a deletion, finds that no page scrolls sideways at 375 px wide, and signs out. The screenshots stay in
/// `.build/artifacts/admin-console/`. `scripts/test` installs the browser, the driver and
/// selenium (`scripts/lib/ensure-browser.sh`); a missing one fails the test naming it.
@Suite("the admin console in a real browser")
struct AdminConsoleBrowserTests {
    /// The repository's root (this file is `Tests/ServerTests/<file>`).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where the screenshots are kept after the run (never committed: `.build` is ignored).
    static let artifacts = repository.appendingPathComponent(".build/artifacts/admin-console", isDirectory: true)
    /// Every page of the console behind sign-in.
    static let pages = AdminConsoleTests.pages
    /// The PNG signature every screenshot starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("an anonymous request to every admin page answers 303 to /admin/sign-in")
    func anonymousRequestsGoToSignIn() async throws {
        try await withTestServer { server in
            for page in Self.pages {
                let request = "GET \(page) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
                let answer = try await RawExchange.exchange(port: server.port, bytes: Array(request.utf8), halfClose: false)
                #expect(answer.status == 303, "GET \(page) anonymously: \(answer)")
                let location = Self.header("Location", in: answer.text)
                #expect(location.flatMap { URL(string: $0)?.path } == "/admin/sign-in", "GET \(page) anonymously: \(answer)")
            }
        }
    }

    @Test("in chromium an administrator signs in, creates a user, sends a push, sees the chart, browses the data, and no page scrolls sideways at 375 px")
    func administratorWalksTheConsoleInChromium() async throws {
        let python = Self.repository.appendingPathComponent(".build/browser-venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            Issue.record("\(python.path) is missing: run scripts/test (or source scripts/lib/ensure-browser.sh; ensure_browser), which installs selenium there")
            return
        }
        _ = try SystemTool.path("chromium", package: "chromium")
        _ = try SystemTool.path("chromedriver", package: "chromium-driver")
        try? FileManager.default.removeItem(at: Self.artifacts)
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)

        // Group `nurses` with its lead alice, whose phone is registered: the push reaches one device.
        try await withTestServer(user: true) { server in
            let administrator = "console-admin"
            try await server.admin(["user", "create", administrator, "--password-stdin"], stdin: TestServer.password + "\n")
            try await server.admin(["administrator", "grant", administrator])
            let (registered, answer) = try await server.client.send(
                "POST", WirePaths.devices, token: try await server.login(),
                json: DeviceRegistration(deviceId: "alice-phone", name: "Alice's phone"))
            try #require((200..<300).contains(registered), "registering alice's phone: \(String(decoding: answer, as: UTF8.self))")
            // alice's reports: the data pages have a type, a page of objects and a history to show.
            let reports = (0..<30).map { WireChange.report(String(format: "r%02d", $0), name: "Patient \($0)", scope: 1 + $0 % 3) }
            _ = try await server.client.push(reports, token: try await server.login())

            let outcome = try await Self.walk(python: python, server: server, administrator: administrator)
            try #require(outcome.status == 0, "the browser walk failed: \(outcome)\n--- server log\n\(server.log)")
            let line = try #require(outcome.stdout.split(separator: "\n").last, "the walk printed no result: \(outcome)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(result["anonymousLandedOn"] as? String == "/admin/sign-in")
            // Back to the page that was asked for (its `next`), or the overview.
            #expect(["/admin", "/admin/users"].contains(result["signedInAt"] as? String ?? ""), "\(result)")
            #expect(result["created"] as? String == "bob")
            #expect((result["users"] as? [String])?.contains("bob") == true, "\(result)")
            #expect(result["devices"] as? Int == 1, "\(result)")
            #expect(result["chart"] as? Bool == true)
            #expect(result["objects"] as? Int == 25, "one page of alice's 30 reports: \(result)")
            #expect(result["found"] as? Int == 25, "every id holds an r: \(result)")
            #expect((result["history"] as? Int ?? 0) >= 1, "\(result)")
            #expect(result["question"] as? String == "Delete user bob? This cannot be undone: their sessions, memberships and devices go with them.")
            #expect(result["narrowPages"] as? Int == 14, "\(result)")
            #expect(result["signedOut"] as? Bool == true)

            // The user the browser created is real: the server's own CLI lists it in nurses.
            let list = try await server.admin(["user", "list", "--json"])
            let users = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]], "\(list)")
            let bob = try #require(users.first { $0["account"] as? String == "bob" }, "user list: \(list)")
            let groups = (bob["groups"] as? [[String: Any]] ?? []).compactMap { $0["groupName"] as? String }
            #expect(groups == ["nurses"], "bob's groups: \(list)")

            let screenshots = try #require(result["screenshots"] as? [String], "\(result)")
            #expect(screenshots.count == 13 + 14, "\(screenshots)")
            for path in screenshots {
                #expect(path.hasPrefix(Self.artifacts.path), "\(path) is outside \(Self.artifacts.path)")
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                #expect(bytes.count > Self.pngSignature.count && Array(bytes.prefix(8)) == Self.pngSignature, "\(path) is not a PNG")
            }
        }
    }

    /// Runs the driver on `server` with the venv's python, as the administrator, creating bob
    /// in nurses; at most four minutes (chromium starts slowly on a loaded machine).
    static func walk(python: URL, server: TestServer, administrator: String) async throws -> StrataProcess.Outcome {
        let home = TemporaryRoot.directory("chromium-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            repository.appendingPathComponent("Tests/Browser/admin_console.py").path,
            "--base-url", server.url, "--account", administrator, "--password", TestServer.password,
            "--new-account", "bob", "--group", "nurses", "--artifacts", artifacts.path, "--timeout", "60",
        ]
        // Nothing of the user's: a home of its own (chromium writes there), English pages.
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8",
            "TZ": "UTC",
        ]
        return try await StrataProcess.start(process).finish(within: .seconds(240))
    }

    /// The value of the first `name:` header of a raw HTTP answer.
    static func header(_ name: String, in answer: String) -> String? {
        let head = answer.components(separatedBy: "\r\n\r\n").first ?? ""
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
