import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataSession
import Testing

/// `account status` says when the session ends on this device's clock: a device whose clock is
/// ahead of the server's would otherwise show a session that "ended" before it began.
@Suite("strata-host account status: the session's end on this device's clock")
struct SessionEndStatusTests {
    @Test("the session's end is its local expiry when the login measured one, else the server's validUntil")
    func sessionEnd() async throws {
        let serverValidUntil = HostHarness.now.addingTimeInterval(-2 * 86_400)
        let local = HostHarness.now.addingTimeInterval(86_400)
        let skewed = AuthInfo(
            userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: serverValidUntil, localExpiry: local)
        let harness = try await HostHarness(data: await DataLayerFactory.inMemory(clock: FixedClock(HostHarness.now), session: skewed))
        let text = await harness.run("account", "status").text
        #expect(text.contains("session valid until  2026-11-23T09:30:00Z"), "\(text)")
        let json = try #require(try HostHarness.json(await harness.run("account", "status", "--json")) as? [String: Any])
        #expect(json["signedIn"] as? Bool == true && json["validUntil"] as? String == "2026-11-23T09:30:00Z", "\(json)")

        let unknown = AuthInfo(
            userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: local.addingTimeInterval(3600),
            localExpiry: .distantFuture)
        let server = try await HostHarness(data: await DataLayerFactory.inMemory(clock: FixedClock(HostHarness.now), session: unknown))
        #expect(await server.run("account", "status").text.contains("session valid until  2026-11-23T10:30:00Z"))
    }
}
