import Foundation
@_spi(Testing) import StrataNotifyKit
import StrataTestSupport
import Synchronization
import Testing

/// The daemon learns of new files from inotify instead of polling `new/`, and the inbox's file
/// work never runs on Swift's cooperative pool (issue 27).
@Suite("Watching the inbox")
struct InboxWatchTests {
    @Test("a file moved into new/ while the daemon waits is processed long before its 600 s poll")
    func movedFileIsProcessedAtOnce() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 600, logger: InboxFixture.logger)
        try fixture.drop("1-first.json", #"{"id": "n-1", "kind": "message", "title": "First"}"#)
        let finished = BackgroundRun(daemon)
        // The first pass has run: the daemon now waits, its next poll 600 s away.
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 })

        try fixture.drop("2-second.json", #"{"id": "n-2", "kind": "message", "title": "Second"}"#)

        // Without inotify it would wait out the 600 s poll; 60 s leaves room for a loaded machine.
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 2 })
        #expect(fixture.delivery.lines.last == "recorded n-2 message: Second")
        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
    }

    @Test("a file written straight into new/ is processed once it is closed, long before the poll")
    func writtenFileIsProcessedAtOnce() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 600, logger: InboxFixture.logger)
        try fixture.drop("1-first.json", #"{"id": "n-1", "kind": "message", "title": "First"}"#)
        let finished = BackgroundRun(daemon)
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 })

        let direct = fixture.inbox.newURL.appendingPathComponent("2-direct.json")
        try Data(#"{"id": "n-2", "kind": "message", "title": "Direct"}"#.utf8).write(to: direct)

        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 2 })
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["1-first.json", "2-direct.json"])
        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
    }

    @Test("listing, reading, filing and quarantining inbox files all run on the inbox's queue, never on the cooperative pool")
    func fileWorkRunsOffThePool() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("1-good.json", #"{"id": "n-1", "kind": "message", "title": "Hello"}"#)
        try fixture.drop("2-bad.json", "not json")
        let inboxPath = fixture.inbox.url.path
        let work = Mutex<[(folder: String, onInboxQueue: Bool)]>([])
        let report = try await Inbox.observingFileWork({ folder, onInboxQueue in
            guard folder.hasPrefix(inboxPath) else { return }
            work.withLock { $0.append((folder, onInboxQueue)) }
        }, during: { try await fixture.processor().drain() })

        #expect(report.files.count == 2)
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["1-good.json"])
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["2-bad.json", "2-bad.json.reason"])
        let seen = work.withLock { $0 }
        let folders = Set(seen.map { URL(fileURLWithPath: $0.folder).lastPathComponent })
        #expect(folders.isSuperset(of: ["new", "cur", "bad"]), "\(seen)")
        let onThePool = seen.filter { !$0.onInboxQueue }.map(\.folder)
        #expect(onThePool.isEmpty, "file work on the caller's thread (the cooperative pool): \(onThePool)")
    }
}
