import Foundation
import StrataCrossCutting
import StrataNotifyKit
import StrataStore
import StrataTestSupport
import Synchronization
import Testing

/// The daemon's full check of the store (``StoreCheckSchedule``): asked right after the start
/// and every interval, beside the inbox loop; damage it finds stops the daemon (exit 1), any
/// other failure is tried again later.
@Suite("The daemon's store check")
struct StoreCheckScheduleTests {
    /// How often a schedule was asked, and what each call does.
    private final class Calls: Sendable {
        private let count = Mutex(0)
        let failure: (@Sendable (Int) -> (any Error)?)

        init(failure: @escaping @Sendable (Int) -> (any Error)? = { _ in nil }) { self.failure = failure }

        var made: Int { count.withLock { $0 } }

        func schedule(every interval: Duration) -> StoreCheckSchedule {
            StoreCheckSchedule(interval: interval) { [self] in
                let call = count.withLock { count in
                    count += 1
                    return count
                }
                if let error = failure(call) { throw error }
            }
        }
    }

    @Test("the check is asked at the start and then every interval, beside a running daemon")
    func askedAtStartAndEveryInterval() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let calls = Calls()
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.05, logger: InboxFixture.logger,
            storeCheck: calls.schedule(every: .milliseconds(20)))
        let finished = BackgroundRun(daemon)
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message", "title": "A"}"#)
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 }, "the inbox runs beside it")
        #expect(await eventually(within: Patience.childProcess) { calls.made >= 3 })
        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
        #expect(finished.status == 0)
    }

    @Test("damage the check finds stops the daemon with exit 1")
    func damageStopsTheDaemon() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let calls = Calls { _ in DataError(.damaged, "the store /x/strata.sqlite is damaged (bad page)") }
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 600, logger: InboxFixture.logger,
            storeCheck: calls.schedule(every: .seconds(3600)))
        let finished = BackgroundRun(daemon)
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
        #expect(finished.status == 1)
        #expect(calls.made == 1)
    }

    @Test("a check that cannot run now (not damage) is tried again, and the daemon keeps running")
    func otherFailuresAreRetried() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let calls = Calls { call in call < 3 ? DataError(.busy, "the store is locked by another process") : nil }
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.05, logger: InboxFixture.logger,
            storeCheck: calls.schedule(every: .milliseconds(20)))
        let finished = BackgroundRun(daemon)
        #expect(await eventually(within: Patience.childProcess) { calls.made >= 4 })
        #expect(finished.status == nil, "still running")
        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { finished.status != nil })
        #expect(finished.status == 0)
    }

    @Test("--once runs a due check beside its pass, and damage makes it exit 1")
    func onceRunsTheCheck() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let calls = Calls { _ in DataError(.damaged, "the store /x/strata.sqlite is damaged (bad page)") }
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger,
            storeCheck: calls.schedule(every: .seconds(3600)))
        #expect(await daemon.run(once: true) == 1)
        #expect(calls.made == 1)
    }
}
