import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataStore
import StrataTestSupport
import Testing

import StrataJournal
import StrataSession
@testable import StrataSync

private struct SkewNote: ValueObject, Equatable {
    var objectId: String?
    var text = ""
    init() {}
    init(text: String) { self.text = text }
    static let schema = ValueObjectSchema<SkewNote>(
        "SkewNote", fields: [.field("text", \.text)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

/// A device whose clock is far from the server's, or set right after the login: no clock
/// ends the session; its token is sent until the server's 401 (the end account status shows
/// is the login's local time plus the server's lifetime, from the `Date` header).
@Suite("Sync engine: a session on a device whose clock is off")
struct ClockSkewSessionTests {
    static let app = (id: "org.example.skew", version: "1")

    private func configuration(_ server: TestServer) throws -> SyncConfiguration {
        let app = try #require(server.app)
        return SyncConfiguration(
            serverURL: try #require(URL(string: server.url)), appID: app.id, appVersion: app.version, appKey: app.key,
            deviceID: "skewed-device")
    }

    @Test("a device three days ahead of strata-server (tokens last a day) signs in, saves, syncs and stays signed in")
    func clockAheadSignsInAndSyncs() async throws {
        try await withTestServer(app: Self.app, user: true) { server in
            let ahead = TestClock(Date().addingTimeInterval(3 * 86_400))
            let data = await DataLayerFactory.inMemory(clock: ahead)
            let sync = SyncFactory.live(data: data, configuration: try configuration(server), logger: quietLogger, clock: ahead)
            let info = try await sync.login(account: "alice", password: TestServer.password)
            // The server's validUntil is a day after its clock, two days before this device's.
            #expect(info.validUntil < ahead.now())
            #expect(try await data.session.current()?.account == "alice")

            try await data.store.register(SkewNote.self)
            _ = try await data.store.save(SkewNote(text: "written ahead of the server"))
            let report = try await sync.syncNow()
            #expect(report.pushed == 1 && report.rejected == 0, "\(report)")
            let status = try await sync.status()
            #expect(status.lastError == nil && status.connectivity == .online && status.pendingCount == 0, "\(status)")

            // A day's session on this clock (what account status shows): valid 23 hours on,
            // looking expired 25 hours on — but still the session, as the server decides.
            ahead.advance(23 * 3600)
            #expect(try await data.session.current()?.isValid(at: ahead.now()) == true)
            ahead.advance(2 * 3600)
            let stale = try #require(try await data.session.current(), "no clock ends the session")
            #expect(!stale.isValid(at: ahead.now()))
        }
    }

    @Test("a device behind strata-server at login whose clock is then set right (and past) keeps its session and syncs: the server decides")
    func clockCorrectedForwardKeepsTheSession() async throws {
        try await withTestServer(app: Self.app, user: true) { server in
            let behind = TestClock(Date().addingTimeInterval(-3 * 86_400))
            let data = await DataLayerFactory.inMemory(clock: behind)
            let sync = SyncFactory.live(data: data, configuration: try configuration(server), logger: quietLogger, clock: behind)
            _ = try await sync.login(account: "alice", password: TestServer.password)
            _ = try await sync.syncNow()
            // The clock is set right, and a little past: four days on, the session looks a day
            // past its end here, while the server (whose token lasts a day) still honours it.
            behind.advance(4 * 86_400)
            let info = try #require(try await data.session.current(), "the session stays while the server honours it")
            #expect(!info.isValid(at: behind.now()))
            try await data.store.register(SkewNote.self)
            _ = try await data.store.save(SkewNote(text: "written after the clock was set right"))
            let report = try await sync.syncNow()
            #expect(report.pushed == 1 && report.rejected == 0, "\(report)")
            let status = try await sync.status()
            #expect(status.lastError == nil && status.pendingCount == 0, "\(status)")
        }
    }

    @Test("the local expiry is the login's local time plus the server's lifetime; without the server's clock, the server decides")
    func localExpiry() {
        let server = Date(timeIntervalSince1970: 1_800_000_000)
        let validUntil = server.addingTimeInterval(86_400)
        let aheadLogin = server.addingTimeInterval(3 * 86_400)
        #expect(
            LiveSyncEngine.localExpiry(validUntil: validUntil, serverDate: server, sentAt: aheadLogin, answeredAt: aheadLogin)
                == aheadLogin.addingTimeInterval(86_400))
        // No `Date` header: a token still valid on this clock keeps the server's validUntil…
        #expect(
            LiveSyncEngine.localExpiry(validUntil: validUntil, serverDate: nil, sentAt: server, answeredAt: server) == nil)
        // …and one already expired here means this clock is off by more than the lifetime.
        #expect(
            LiveSyncEngine.localExpiry(validUntil: validUntil, serverDate: nil, sentAt: aheadLogin, answeredAt: aheadLogin)
                == .distantFuture)
    }

    @Test("the Date header's IMF-fixdate is read; other forms are no clock")
    func httpDate() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDate.parse("Tue, 29 Feb 2028 23:59:59 GMT") == Date(timeIntervalSince1970: 1_835_481_599))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 CET") == nil)
        #expect(HTTPDate.parse("") == nil)
    }
}
