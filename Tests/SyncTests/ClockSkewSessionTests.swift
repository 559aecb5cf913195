import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataTestSupport
import Testing

@testable import StrataSync

private struct SkewNote: ValueObject, Equatable {
    var objectId: String?
    var text = ""
    init() {}
    init(text: String) { self.text = text }
    static let schema = ValueObjectSchema<SkewNote>(
        "SkewNote", fields: [.field("text", \.text)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

/// A device whose clock is far from the server's: the session lasts as long as the server
/// gave it, counted on this device's clock from the login (the server's `Date` header), and
/// the server's 401 has the last word.
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

            // Still a day's session on this clock: valid 23 hours on, expired 25 hours on.
            ahead.advance(23 * 3600)
            #expect(try await data.session.current()?.account == "alice")
            ahead.advance(2 * 3600)
            #expect(try await data.session.current() == nil)
        }
    }

    @Test("a device three days behind strata-server keeps its session a day from the login, not four")
    func clockBehindExpiresAfterTheLifetime() async throws {
        try await withTestServer(app: Self.app, user: true) { server in
            let behind = TestClock(Date().addingTimeInterval(-3 * 86_400))
            let data = await DataLayerFactory.inMemory(clock: behind)
            let sync = SyncFactory.live(data: data, configuration: try configuration(server), logger: quietLogger, clock: behind)
            _ = try await sync.login(account: "alice", password: TestServer.password)
            _ = try await sync.syncNow()
            behind.advance(25 * 3600)
            #expect(try await data.session.current() == nil, "the token the server gave expired a day after the login")
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
