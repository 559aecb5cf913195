import Foundation
import StrataNotifyKit
import StrataTestSupport
import Testing

@Suite("The inbox folders")
struct InboxTests {
    @Test("prepare creates inbox, tmp, new, cur and bad owner-only, and tightens an open folder")
    func prepareCreatesOwnerOnlyFolders() async throws {
        let root = TemporaryRoot.directory("inbox")
        defer { try? FileManager.default.removeItem(at: root) }
        let inbox = Inbox(url: root.appendingPathComponent("inbox", isDirectory: true))
        try FileManager.default.createDirectory(
            at: inbox.newURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

        try inbox.prepare()

        for folder in [inbox.url, inbox.tmpURL, inbox.newURL, inbox.curURL, inbox.badURL] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
            let mode = try #require(attributes[.posixPermissions] as? NSNumber).int16Value
            #expect(mode & 0o777 == 0o700, "\(folder.lastPathComponent) has mode \(String(mode, radix: 8))")
        }
    }

    @Test("an inbox folder that is a symbolic link is refused naming it: nothing outside is tightened, read or moved")
    func symbolicLinkFolderIsRefused() async throws {
        let root = TemporaryRoot.directory("inbox-link")
        let outside = TemporaryRoot.directory("inbox-outside")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let precious = outside.appendingPathComponent("precious.conf")
        try Data("keep".utf8).write(to: precious)
        let inbox = Inbox(url: root.appendingPathComponent("inbox", isDirectory: true))
        for linked in [inbox.newURL, inbox.url] {
            try? FileManager.default.removeItem(at: inbox.url)
            try FileManager.default.createDirectory(at: inbox.url, withIntermediateDirectories: true)
            if linked == inbox.url { try FileManager.default.removeItem(at: inbox.url) }
            try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: outside.path)
            let error = try #require(throws: NotifyKitError.self) { try inbox.prepare() }
            #expect(error.message.contains("\(linked.path) is a symbolic link"), "\(error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["precious.conf"])
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions] as? NSNumber)
            #expect(mode.int16Value & 0o777 == 0o755, "the outside folder keeps its mode")
        }
    }

    @Test("pending names skip dot-files and come in byte order")
    func pendingNamesAreSortedWithoutDotFiles() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        for name in ["b", ".hidden", "B", "a", "10", "9"] {
            try Data().write(to: fixture.inbox.newURL.appendingPathComponent(name))
        }

        #expect(try fixture.inbox.pendingNames() == ["10", "9", "B", "a", "b"])
    }

    @Test("listing an inbox that was never prepared is an error naming new/")
    func listingAMissingInboxNamesTheFolder() async throws {
        let inbox = Inbox(url: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/inbox"))

        let error = try #require(throws: NotifyKitError.self) { try inbox.pendingNames() }

        #expect(error.code == .inbox)
        #expect(error.message.contains(inbox.newURL.path))
    }

    @Test("a quarantined file keeps its bytes; its reason is one line, the time and the name; names never clash")
    func quarantineWritesAReasonAndNeverOverwrites() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("x.json", "first")
        try fixture.inbox.quarantine("x.json", reason: "x.json: line one\nline two", at: InboxFixture.now)
        try fixture.drop("x.json", "second")

        let second = try fixture.inbox.quarantine("x.json", reason: "again", at: InboxFixture.now)

        #expect(second == "x.json.2")
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["x.json", "x.json.2", "x.json.2.reason", "x.json.reason"])
        #expect(
            try fixture.reason(for: "x.json")
                == "x.json: line one line two\nquarantined-at: 2026-11-20T09:00:00Z\noriginal-name: x.json\n")
        #expect(try String(contentsOf: fixture.inbox.badURL.appendingPathComponent("x.json.2"), encoding: .utf8) == "second")
        #expect(try fixture.reason(for: "x.json.2").hasPrefix("again\n"))
    }

    @Test("a folder dropped into new/ is not a notification and is quarantined")
    func aFolderInNewIsRejected() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            at: fixture.inbox.newURL.appendingPathComponent("folder"), withIntermediateDirectories: false)

        let error = try #require(throws: NotifyKitError.self) { try fixture.inbox.read("folder") }
        #expect(error.code == .rejectedFile)
        #expect(error.message.contains("new/folder is not a regular file"))

        let report = try await fixture.processor().drain()
        guard case .quarantined = report.files.first?.outcome else {
            Issue.record("expected .quarantined, got \(report.files)")
            return
        }
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["folder", "folder.reason"])
    }

    @Test("a file that is gone before it is read is reported as vanished, not as an error")
    func aMissingFileHasVanished() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }

        let error = try #require(throws: NotifyKitError.self) { try fixture.inbox.read("taken.json") }
        #expect(error.code == .vanished)
        #expect(await fixture.processor().process("taken.json") == .vanished)
        #expect(try fixture.names(in: fixture.inbox.badURL).isEmpty)
    }
}
