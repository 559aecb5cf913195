import Foundation
import StrataTestSupport
import Testing

/// Every admin listing prints stored values (names a client or another administrator chose)
/// with their control characters escaped, as `admin logs` does: an escape sequence never reaches
/// the operator's terminal, and a name holding a line feed or a tab never forges a line or a
/// column.
@Suite("admin listings escape hostile names")
struct AdminListingEscapeTests {
    /// A hostile value: clears the screen, sets a window title, forges a second line and a column.
    static func hostile(_ name: String) -> String {
        "'\(name)' || char(27) || '[2J' || char(27) || ']0;owned' || char(7) || char(10) || 'forged' || char(9) || 'column' "
            + "|| char(155) || '31m'"
    }

    /// What a listing kind runs, how many lines it prints, and what the escaped text must contain.
    struct Listing: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let lines: Int
        let expected: String
        var testDescription: String { name }
    }

    static let listings = [
        Listing(name: "user list", arguments: ["user", "list"], lines: 1, expected: "alice\\u{1B}[2J"),
        Listing(name: "group list", arguments: ["group", "list"], lines: 2, expected: "nurses\\u{1B}[2J"),
        Listing(name: "group members", arguments: ["group", "members", "hostile-group"], lines: 1, expected: "alice\\u{1B}[2J"),
        Listing(name: "administrator list", arguments: ["administrator", "list"], lines: 1, expected: "alice\\u{1B}[2J"),
        Listing(name: "device list", arguments: ["device", "list"], lines: 1, expected: "phone\\u{1B}[2J"),
        Listing(name: "session list", arguments: ["session", "list"], lines: 1, expected: "alice\\u{1B}[2J"),
        Listing(name: "app list", arguments: ["app", "list"], lines: 1, expected: "error\\u{1B}[2J"),
        Listing(name: "template list", arguments: ["template", "list"], lines: 1, expected: "Title\\u{1B}[2J"),
        Listing(name: "template show", arguments: ["template", "show", "hello"], lines: 3, expected: "Body\\u{1B}[2J"),
    ]

    /// A data directory with a group, an administrator, an app, a template, a device and a
    /// session, every name then made hostile in the database itself (as an old server, a client's
    /// registration or a direct write could leave it).
    static func hostileData() async throws -> [String] {
        let directory = TemporaryRoot.directory("server-escape")
        let data = ["--data-dir", directory.path]
        for arguments in [
            ["group", "create", "nurses"], ["user", "create", "alice", "--password", "long enough", "--group", "nurses:lead"],
            ["administrator", "grant", "alice"], ["app", "create", "org.example.cases", "--version", "1"],
            ["template", "save", "hello", "--title", "Title", "--body", "Body"],
        ] {
            let outcome = try await TestServer.run(["admin"] + arguments + data)
            #expect(outcome.status == 0, "\(arguments): \(outcome)")
        }
        let control = directory.appendingPathComponent("control.sqlite").path
        let user = try #require(try OperationIdTests.texts(at: control, sql: "SELECT id FROM users").first)
        let future = Date().addingTimeInterval(3600).timeIntervalSince1970
        try OperationIdTests.execute(
            at: control,
            sql: """
                UPDATE users SET account = \(hostile("alice"));
                UPDATE groups SET name = \(hostile("nurses"));
                UPDATE apps SET log_level = \(hostile("error"));
                UPDATE templates SET title = \(hostile("Title")), body = \(hostile("Body"));
                INSERT INTO groups (id, name) VALUES ('g2', 'hostile-group');
                INSERT INTO memberships (user_id, group_id, role, position) VALUES ('\(user)', 'g2', 'member', 1);
                INSERT INTO devices (app_id, app_version, device_id, user_id, name, registered_at)
                    VALUES ('org.example.cases', '1', 'device-1', '\(user)', \(hostile("phone")), 0);
                INSERT INTO tokens (token_hash, user_id, app_id, app_version, valid_until)
                    VALUES ('0123456789abcdef0123', '\(user)', 'org.example.cases', '1', \(future));
                """)
        return data
    }

    @Test("a listing prints hostile names escaped: no escape sequence, no forged line or column", arguments: listings)
    func listingIsEscaped(listing: Listing) async throws {
        let data = try await Self.hostileData()
        let outcome = try await TestServer.run(["admin"] + listing.arguments + data)
        #expect(outcome.status == 0, "\(outcome)")
        let controls = outcome.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "raw control characters reached the terminal: \(outcome.stdout.debugDescription)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == listing.lines, "a name forged a line: \(outcome.stdout.debugDescription)")
        #expect(outcome.stdout.contains(listing.expected), "\(outcome.stdout.debugDescription)")
        #expect(outcome.stdout.contains("\\nforged\\tcolumn"), "\(outcome.stdout.debugDescription)")
        // Each field stays one column: the name's tab is escaped.
        #expect(!outcome.stdout.contains("forged\tcolumn"), "\(outcome.stdout.debugDescription)")
    }

    @Test("--json output of a listing escapes the characters a JSON encoder leaves raw (C1 controls)")
    func jsonIsEscaped() async throws {
        let data = try await Self.hostileData()
        let outcome = try await TestServer.run(["admin", "device", "list", "--json"] + data)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x1B }, "\(outcome)")
        #expect(outcome.stdout.contains("\\u009b") || outcome.stdout.contains("\\u009B"), "\(outcome)")
    }
}
