import Foundation
import StrataDomain
import StrataNotifyKit
import StrataTestSupport
import Testing

/// Entries in `new/` that used to stay there for ever: names that are not UTF-8, names too
/// long to take `.reason`, entries nobody can read as a file, files that cannot be moved.
@Suite("A hostile inbox")
struct HostileInboxTests {
    static let good = #"{"id": "n-good", "kind": "message", "title": "Still here"}"#
    /// A 255-byte name: the longest a file may have, so `<name>.reason` cannot exist.
    static let longName = Array(String(repeating: "a", count: 250).utf8) + Array(".json".utf8)

    @Test("a file whose name is not UTF-8 is recorded once and moved to cur/ under the same bytes")
    func nonUTF8NameIsProcessed() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let name: [UInt8] = [0x31, 0xFF, 0xFE, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]  // "1\xff\xfe.json"
        try RawFiles.drop(name, #"{"id": "n-raw", "kind": "message", "title": "Raw"}"#, tmp: fixture.inbox.tmpURL, new: fixture.inbox.newURL)

        let report = try await fixture.processor().drain()

        #expect(report.files.map(\.name) == [InboxFileName(bytes: name)])
        #expect(report.files.first?.name.escaped == "1\\xff\\xfe.json")
        #expect(fixture.delivery.lines == ["recorded n-raw message: Raw"])
        #expect(RawFiles.names(in: fixture.inbox.curURL) == [name])
        #expect(RawFiles.names(in: fixture.inbox.newURL).isEmpty)
        #expect(try await fixture.records().map(\.notificationId) == ["n-raw"])
    }

    @Test("a malformed file with a 255-byte name is quarantined under a short unique name; the reason keeps the name")
    func longNameIsQuarantinedUnderASafeName() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try RawFiles.drop(Self.longName, "not json", tmp: fixture.inbox.tmpURL, new: fixture.inbox.newURL)
        try fixture.drop("z-good.json", Self.good)

        let report = try await fixture.processor().drain()

        guard case .quarantined(let reason) = report.files.first?.outcome else {
            Issue.record("expected .quarantined, got \(report.files)")
            return
        }
        #expect(reason.contains(String(decoding: Self.longName, as: UTF8.self)))
        #expect(report.retryCount == 0 && report.skippedCount == 0)
        #expect(RawFiles.names(in: fixture.inbox.newURL).isEmpty)
        let (file, reasonText) = try Self.quarantined(in: fixture)
        #expect(file.hasPrefix("quarantined-") && file.utf8.count < 64, "\(file)")
        #expect(try Data(contentsOf: fixture.inbox.badURL.appendingPathComponent(file)) == Data("not json".utf8))
        #expect(reasonText.hasSuffix("original-name: \(String(decoding: Self.longName, as: UTF8.self))\n"))
        #expect(fixture.delivery.lines == ["recorded n-good message: Still here"])
    }

    @Test("a name with a line break is shown escaped in the reason, and the file gets a safe name in bad/")
    func lineBreakInANameIsEscaped() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("evil\nquarantined-at: never.json", "{")

        _ = try await fixture.processor().drain()

        let (file, reasonText) = try Self.quarantined(in: fixture)
        #expect(file.hasPrefix("quarantined-"))
        let lines = reasonText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "three lines and the final break: \(reasonText)")
        #expect(lines.first?.hasPrefix("inbox/new/evil\\nquarantined-at: never.json: ") == true, "\(reasonText)")
        #expect(lines.dropFirst().first == "quarantined-at: 2026-11-20T09:00:00Z")
        #expect(lines.dropFirst(2).first == "original-name: evil\\nquarantined-at: never.json")
    }

    /// Entries nobody — not even root, which these tests run as — can read as a file: a FIFO
    /// (opening it to read would wait for a writer for ever), a UNIX socket left behind by a
    /// crashed program (open fails with ENXIO), a symbolic link out of the inbox (never
    /// followed: the target is neither read nor moved). The FIFO's 255-byte name used to keep
    /// it in new/ for ever.
    @Test("a FIFO, a socket and a link out of the inbox are quarantined themselves, without blocking or reading the target")
    func unreadableEntriesAreQuarantined() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try RawFiles.makeFIFO(Self.longName, in: fixture.inbox.newURL)
        try RawFiles.makeSocket("s.sock", in: fixture.inbox.newURL)
        let outside = fixture.root.appendingPathComponent("outside.json")
        try Data(#"{"id": "n-outside", "kind": "message"}"#.utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: fixture.inbox.newURL.appendingPathComponent("link.json"), withDestinationURL: outside)
        try fixture.drop("z-good.json", Self.good)

        let report = try await fixture.processor().drain()

        let quarantined = report.files.filter { if case .quarantined = $0.outcome { true } else { false } }
        #expect(quarantined.count == 3, "\(report.files)")
        #expect(report.summary == "1 recorded, 0 duplicate, 3 quarantined, 0 left in new/ to retry, 0 skipped (cannot be moved)")
        #expect(RawFiles.names(in: fixture.inbox.newURL).isEmpty)
        #expect(try await fixture.records().map(\.notificationId) == ["n-good"], "the link's target is never read")
        #expect(try Data(contentsOf: outside) == Data(#"{"id": "n-outside", "kind": "message"}"#.utf8))
        let link = fixture.inbox.badURL.appendingPathComponent("link.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == outside.path, "the link itself moved")
        let reasons = try fixture.names(in: fixture.inbox.badURL).filter { $0.hasSuffix(".reason") }
            .map { try String(contentsOf: fixture.inbox.badURL.appendingPathComponent($0), encoding: .utf8) }
        for kind in ["named pipe", "socket", "symbolic link"] {
            #expect(reasons.contains { $0.contains("is not a regular file (it is a \(kind)") }, "\(kind): \(reasons)")
        }
    }

    @Test("a huge (sparse) file is quarantined by its size, without being read")
    func hugeFileIsQuarantinedUnread() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("huge.json", "{")
        let handle = try FileHandle(forWritingTo: fixture.inbox.newURL.appendingPathComponent("huge.json"))
        try handle.truncate(atOffset: 8 << 30)  // 8 GiB, sparse: reading it all would take minutes
        try handle.close()

        let report = try await fixture.processor().drain()

        guard case .quarantined(let reason) = report.files.first?.outcome else {
            Issue.record("expected .quarantined, got \(report.files)")
            return
        }
        #expect(reason == "inbox/new/huge.json is 8589934592 bytes; a notification file may hold at most 65536 bytes")
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["huge.json", "huge.json.reason"])
    }

    @Test("a name that is not a plain file name of new/ is never read or moved")
    func pathLikeNameIsRefused() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let outside = fixture.inbox.url.appendingPathComponent("escape.json")
        try Data(#"{"id": "n-out", "kind": "message"}"#.utf8).write(to: outside)

        #expect(await fixture.processor().process("../escape.json") == .vanished)
        #expect(throws: NotifyKitError.self) { try fixture.inbox.quarantine("../escape.json", reason: "x", at: InboxFixture.now) }
        #expect(FileManager.default.fileExists(atPath: outside.path))
        #expect(try fixture.names(in: fixture.inbox.badURL).isEmpty)
        #expect(try await fixture.records().isEmpty)
    }

    /// An immutable file (`chattr +i`) cannot be renamed, not even by root: the realistic
    /// stand-in for any file the daemon cannot move out of `new/`.
    @Test(
        "a file that cannot be moved is skipped on its own: the others go on, the daemon does not back off",
        .enabled(if: RawFiles.canMakeImmutable, "needs chattr +i (CAP_LINUX_IMMUTABLE on ext4)"))
    func unmovableFileIsSkippedAlone() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("a-stuck.json", #"{"id": "n-stuck", "kind": "message", "title": "Stuck"}"#)
        let stuck = fixture.inbox.newURL.appendingPathComponent("a-stuck.json")
        #expect(RawFiles.setImmutable(stuck, true))
        defer { RawFiles.setImmutable(stuck, false) }
        try fixture.drop("b-good.json", Self.good)
        // Its retry comes after the shared patience, not 1 s a loaded machine can spend between two drains.
        let processor = fixture.processor(stuckFilePause: Patience.childProcessSeconds)

        let first = try await processor.drain()

        guard case .skipped(let reason) = first.files.first?.outcome else {
            Issue.record("expected .skipped, got \(first.files)")
            return
        }
        #expect(reason.contains("a-stuck.json") && reason.contains("cur/"), "\(reason)")
        #expect(first.retryCount == 0, "a stuck file must not make the daemon back off")
        #expect(first.skippedCount == 1)
        #expect(fixture.delivery.lines == ["recorded n-stuck message: Stuck", "recorded n-good message: Still here"])
        #expect(try fixture.names(in: fixture.inbox.newURL) == ["a-stuck.json"])

        try fixture.drop("c-later.json", #"{"id": "n-later", "kind": "message", "title": "Later"}"#)
        let second = try await processor.drain()
        #expect(second.files.map(\.name) == ["c-later.json"], "the stuck file waits for its own retry time")
        #expect(try await fixture.records().count == 3)
    }

    /// The one quarantined file in `bad/` and its reason text.
    private static func quarantined(in fixture: InboxFixture) throws -> (file: String, reason: String) {
        let names = try fixture.names(in: fixture.inbox.badURL)
        let file = try #require(names.first { !$0.hasSuffix(".reason") }, "\(names)")
        #expect(names == [file, file + ".reason"])
        return (file, try fixture.reason(for: file))
    }
}
