import Foundation
import StrataData
import StrataDataTesting
@_spi(Testing) import StrataNotifyKit
import StrataTestSupport
import Synchronization
import Testing

// The daemon's first pass waits on its store; in the full suite's first minute (servers, clusters and
// password hashing on 2 cores) that has taken over 15 s, so these polls allow 60 s (they end as soon as it happens).
@Suite("The daemon loop")
struct NotifyDaemonTests {
    @Test("--once drains new/ and exits 0")
    func onceDrainsAndSucceeds() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        try fixture.drop("b.json", "not json")
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger)

        #expect(await daemon.drainOnce() == 0)
        #expect(try fixture.names(in: fixture.inbox.newURL).isEmpty)
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["a.json"])
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["b.json", "b.json.reason"])
    }

    @Test("--once exits 75 when the store fails, with the file still in new/")
    func onceReportsAStorageFailure() async throws {
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(readOnly: true))
        defer { fixture.remove() }
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger)

        #expect(await daemon.drainOnce() == NotifyDaemon.retryLaterStatus)
        #expect(try fixture.names(in: fixture.inbox.newURL) == ["a.json"])
    }

    @Test("running, the daemon picks up a new file promptly and stops at once when asked")
    func runPicksUpFilesAndStops() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 0.05, logger: InboxFixture.logger)
        let finished = BackgroundRun(daemon)

        try fixture.drop("late.json", #"{"id": "n-late", "kind": "message", "title": "Late"}"#)
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 })
        #expect(fixture.delivery.lines == ["recorded n-late message: Late"])
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["late.json"])

        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
        #expect(finished.status == 0)
        #expect(daemon.isStopRequested)
    }

    @Test("a long poll interval does not delay stopping")
    func stopDoesNotWaitForThePollInterval() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 600, logger: InboxFixture.logger)
        try fixture.drop("first.json", #"{"id": "n-1", "kind": "message", "title": "First"}"#)
        let finished = BackgroundRun(daemon)
        // Once the first pass has delivered the file, the daemon is in (or entering) its 600 s pause.
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 })

        await daemon.requestStop()

        // Without the fix it waits out the 600 s pause; 30 s leaves room for a loaded machine.
        #expect(await eventually(within: .seconds(30)) { finished.status != nil })
        #expect(finished.status == 0)
    }

    @Test("a stop asked for before the daemon runs ends its service group at once, the inbox untouched")
    func stopBeforeRunEndsAtOnce() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 600, logger: InboxFixture.logger)

        await daemon.requestStop()

        #expect(await daemon.run() == 0)
        #expect(try fixture.names(in: fixture.inbox.newURL) == ["a.json"])
        #expect(fixture.delivery.lines.isEmpty)
    }

    @Test("after failed passes the pause doubles, up to five seconds")
    func pauseBacksOffAfterFailures() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger)

        #expect(daemon.pause(afterFailedPasses: 0) == 0.2)
        #expect(daemon.pause(afterFailedPasses: 1) == 0.4)
        #expect(daemon.pause(afterFailedPasses: 3) == 1.6)
        #expect(daemon.pause(afterFailedPasses: 16) == NotifyDaemon.maximumBackoff)
    }
}

/// Runs a daemon's loop in a task of its own, remembering its exit status.
final class BackgroundRun: Sendable {
    private let result = Mutex<Int32?>(nil)

    init(_ daemon: NotifyDaemon) {
        Task { [self] in
            let status = await daemon.run()
            result.withLock { $0 = status }
        }
    }

    /// The exit status, once the loop has returned.
    var status: Int32? { result.withLock { $0 } }
}
