import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// The long poll waits for a wake-up, not by reading its channel again and again: a message this
/// process stores wakes it at once; one another process stores wakes it at once on PostgreSQL
/// (`NOTIFY`, also after the listening connection was lost) and is found by one watcher read for
/// every waiting poll together on SQLite; an idle poll reads nothing; cancellation ends the wait.
@Suite("the push channel's long poll wakes on a message instead of polling storage")
struct PushWakeTests {
    /// Services over real storage on `engine` counted through ``CountingDataLayer``, with alice's
    /// device `phone` registered; `check` is how often the watcher looks for other processes' messages.
    struct Fixture {
        /// Opens the same storage again: another process, or another instance.
        let reopen: @Sendable () async throws -> any ServerDataLayer
        /// The PostgreSQL database's URL (nil on SQLite).
        let url: String?
        let data: CountingDataLayer
        let services: any ServerServices
        let session: ServerSession

        init(check: Duration, engine: TestEngine = .sqlite) async throws {
            let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }
            let storage = try await ServerDataContractTests.storage(engine)
            reopen = storage.reopen
            url = storage.url
            data = CountingDataLayer(storage.data)
            services = ServerDomainFactory.make(
                data: data, clock: SystemClock(), settings: ServerSettings(maxPollWait: 120, pushCheckInterval: check), logger: logger)
            _ = try await services.admin.createGroup(name: "nurses")
            let alice = try await services.admin.createUser(
                account: "alice", password: TestServer.password, memberships: [("nurses", "member")])
            let app = try await services.admin.createApp(appId: "org.example.cases", version: "1", logLevel: "error")
            session = ServerSession(
                tokenHash: "unused", userId: alice.id, appId: app.app.appId, appVersion: app.app.version,
                groups: alice.groups, validUntil: Date().addingTimeInterval(3600))
            try await services.client.registerDevice(DeviceRegistration(deviceId: "phone", name: "Phone"), session: session)
        }

        /// A poll of `phone` after `after`, waiting up to `wait` seconds.
        func poll(after: Int64 = 0, wait: Double) -> Task<PushPoll, any Error> {
            let services = services
            let session = session
            return Task { try await services.client.poll(deviceId: "phone", after: after, wait: wait, session: session) }
        }

        /// Stores a message for `phone` through `other` storage (another process or instance).
        func store(_ body: String, through other: any ServerDataLayer) async throws {
            let device = try #require(
                try await other.control.device(appId: session.appId, version: session.appVersion, deviceId: "phone"))
            _ = try await other.control.appendPushMessages([
                NewPushMessage(device: device, id: UUID().uuidString, title: "Lab", body: body, sentAt: Date())
            ])
        }

        /// Waits (at most the shared patience: a loaded run) until polls have read their channel `count` times.
        func untilPollsRead(_ count: Int) async throws {
            let deadline = ContinuousClock.now + Patience.childProcess
            while data.snapshot.pushMessages < count {
                try #require(ContinuousClock.now < deadline, "the polls never read their channel")
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    @Test("a waiting poll answers as soon as a push this process stores wakes it, without a timed re-read")
    func wakesAtOnce() async throws {
        // The watcher would look only after two minutes, the poll would wait 60 s: only the wake-up
        // answers before half of that.
        let fixture = try await Fixture(check: .seconds(120))
        let poll = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(1)
        let sent = try await fixture.services.admin.sendPush(
            group: "nurses", title: "Round", body: "Ward 3", template: nil, app: nil)
        let stored = ContinuousClock.now
        let answer = try await poll.value
        let latency = ContinuousClock.now - stored
        #expect(sent == 1)
        #expect(answer.messages.map(\.body) == ["Ward 3"])
        // Without the wake-up the poll would answer only at its 60 s end (the watcher looks after
        // two minutes): any answer before half of that came from the wake-up. Typically 1 ms; the
        // bound tells the two apart on a loaded machine (speed is measured in benchmarks, not here).
        #expect(latency < .seconds(30), "answered \(latency) after the push was stored")
        #expect(fixture.data.snapshot.pushMessages == 2, "one read before the wait, one after the wake-up")
        #expect(fixture.data.snapshot.pushChannels == 0)
    }

    @Test("20 idle polls each read their channel once; one watcher reads for all of them while they wait")
    func idlePollsReadNothing() async throws {
        let fixture = try await Fixture(check: .milliseconds(100))
        let polls = (0..<20).map { _ in fixture.poll(wait: 1) }
        for poll in polls { #expect(try await poll.value.messages.isEmpty) }
        let counts = fixture.data.snapshot
        #expect(counts.pushMessages == 20, "each poll read its channel once, however long it waited")
        #expect(counts.latestPushSequence == 20)
        // One read per 100 ms for all 20 polls (a timer per poll would be 20 × 10).
        #expect(counts.pushChannels <= 15, "\(counts.pushChannels) watcher reads in 1 s")
    }

    @Test("a message another process (or instance) stores wakes a waiting poll within the check interval", arguments: TestEngine.allCases)
    func wakesOnAnotherProcessesPush(engine: TestEngine) async throws {
        let fixture = try await Fixture(check: .milliseconds(100), engine: engine)
        // Long enough for a loaded parallel run to open the second data layer below before it ends.
        let poll = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(1)
        // A second data layer on the same storage stands for `strata-server admin push` (or,
        // on PostgreSQL, another instance).
        let other = try await fixture.reopen()
        let session = fixture.session
        let device = try #require(
            try await other.control.device(appId: session.appId, version: session.appVersion, deviceId: "phone"))
        _ = try await other.control.appendPushMessages([
            NewPushMessage(device: device, id: "m1", title: "Lab", body: "Results ready", sentAt: Date())
        ])
        let stored = ContinuousClock.now
        let answer = try await poll.value
        #expect(answer.messages.map(\.body) == ["Results ready"])
        // The poll waits 60 s: an answer well before that is the watcher's (loose for a loaded machine).
        #expect(ContinuousClock.now - stored < .seconds(30))
    }

    @Test("cancelling a waiting poll ends it at once; ending the waits answers the others empty")
    func cancellationEndsTheWait() async throws {
        let fixture = try await Fixture(check: .seconds(120))
        let cancelled = fixture.poll(wait: 60)
        let ended = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(2)
        let start = ContinuousClock.now
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { _ = try await cancelled.value }
        fixture.services.client.endWaits()
        let answer = try await ended.value
        #expect(answer.messages.isEmpty && answer.cursor == 0)
        // Both polls wait 60 s: ending before half of that is the cancellation's and endWaits' doing.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test("on PostgreSQL a message another instance stores wakes a waiting poll through NOTIFY, with no timed check")
    func wakesThroughNotify() async throws {
        // The check would run only after two minutes, the poll waits 60 s: only the NOTIFY answers
        // before half of that (the bound tells the two apart on a loaded machine).
        let fixture = try await Fixture(check: .seconds(120), engine: .postgres)
        let poll = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(1)
        try await fixture.store("Results ready", through: try await fixture.reopen())
        let stored = ContinuousClock.now
        let answer = try await poll.value
        #expect(answer.messages.map(\.body) == ["Results ready"])
        #expect(ContinuousClock.now - stored < .seconds(30), "the poll waited for its deadline: no signal woke it")
        // At most the one catch-up read when the listener started after the poll began waiting.
        #expect(fixture.data.snapshot.pushChannels <= 1, "the signal named the channel: nothing polled")
    }

    @Test("on PostgreSQL the listener connects again after its connection is killed, and catches up on what it missed")
    func listenerReconnects() async throws {
        let fixture = try await Fixture(check: .seconds(120), engine: .postgres)
        let url = try #require(fixture.url)
        let other = try await fixture.reopen()
        // A first wake proves the listener listens.
        let first = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(1)
        try await fixture.store("one", through: other)
        let cursor = try #require(try await first.value.messages.last?.sequence, "the listener never woke the first poll")
        // Counted from here: a read that saw "one" itself makes one read fewer than a wake-up would.
        let reads = fixture.data.snapshot.pushMessages
        let second = fixture.poll(after: cursor, wait: 60)
        try await fixture.untilPollsRead(reads + 1)
        try await PostgresActivity.execute(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()
            """, in: url)
        // Stored while the listener is (most likely) down: found by the catch-up after it reconnects.
        try await fixture.store("two", through: other)
        let answer = try await second.value
        #expect(answer.messages.map(\.body) == ["two"])
        // Only a listener that listens again wakes this one (the timed check is two minutes away).
        let readsBeforeThird = fixture.data.snapshot.pushMessages
        let third = fixture.poll(after: try #require(answer.messages.last?.sequence), wait: 60)
        try await fixture.untilPollsRead(readsBeforeThird + 1)
        try await fixture.store("three", through: other)
        let start = ContinuousClock.now
        #expect(try await third.value.messages.map(\.body) == ["three"])
        #expect(ContinuousClock.now - start < .seconds(30), "no listener woke the poll after the connection was killed")
    }

    @Test("on PostgreSQL a batch naming too many channels for one NOTIFY still wakes its polls, by one look")
    func oversizedBatchWakesByALook() async throws {
        let fixture = try await Fixture(check: .seconds(120), engine: .postgres)
        // 60 devices with 120-character ids: their names pass the 7,000-byte payload, so the notification is empty.
        for index in 0..<60 {
            let id = String(repeating: "d", count: 117) + String(format: "%03d", index)
            try await fixture.services.client.registerDevice(DeviceRegistration(deviceId: id, name: "Ward"), session: fixture.session)
        }
        let poll = fixture.poll(wait: 60)
        try await fixture.untilPollsRead(1)
        let other = try await fixture.reopen()
        let devices = try await other.control.devices(userIds: [fixture.session.userId])
        #expect(devices.count == 61)
        _ = try await other.control.appendPushMessages(
            devices.map { NewPushMessage(device: $0, id: "m", title: "All", body: "Everyone", sentAt: Date()) })
        let stored = ContinuousClock.now
        #expect(try await poll.value.messages.map(\.body) == ["Everyone"])
        #expect(ContinuousClock.now - stored < .seconds(30), "the empty notification woke nothing")
        #expect(fixture.data.snapshot.pushChannels >= 1, "the empty notification made a look")
    }
}
