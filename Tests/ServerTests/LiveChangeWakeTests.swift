import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// Live changes on the server: a committed push wakes the waiting polls of the devices whose
/// users can see a changed object, naming the types, and no other: not the pusher's own device,
/// not a user of another group.
@Suite("a committed push wakes only the devices that can see a changed object")
struct LiveChangeWakeTests {
    @Test("a group report wakes carol's waiting poll with its type; dave (another group) and alice's own device are not woken")
    func wakeFollowsVisibility() async throws {
        let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }
        let storage = try await ServerDataContractTests.storage(.sqlite)
        let services = ServerDomainFactory.make(
            data: storage.data, clock: SystemClock(), settings: ServerSettings(), logger: logger)
        _ = try await services.admin.createGroup(name: "ward3")
        _ = try await services.admin.createGroup(name: "ward5")
        let app = try await services.admin.createApp(appId: "org.example.cases", version: "1", logLevel: "error")
        var sessions: [String: ServerSession] = [:]
        for (account, group) in [("alice", "ward3"), ("carol", "ward3"), ("dave", "ward5")] {
            let user = try await services.admin.createUser(account: account, password: TestServer.password, memberships: [(group, "member")])
            let session = ServerSession(
                tokenHash: "token-of-\(account)-device", userId: user.id, appId: app.app.appId, appVersion: app.app.version,
                groups: user.groups, validUntil: Date().addingTimeInterval(3600))
            try await services.client.registerDevice(DeviceRegistration(deviceId: "\(account)-phone", name: "Phone"), session: session)
            // The first poll makes the server collect this device's changes from now on.
            _ = try await services.client.poll(deviceId: "\(account)-phone", after: 0, wait: 0, session: session)
            sessions[account] = session
        }
        let poll = { (account: String, wait: Double) in
            let session = sessions[account]!
            return Task { try await services.client.poll(deviceId: "\(account)-phone", after: 0, wait: wait, session: session) }
        }
        let carol = poll("carol", 30), dave = poll("dave", 2), alice = poll("alice", 2)

        let started = ContinuousClock.now
        let pushed = try await services.objects.push(
            PushRequest(changes: [
                WireChange(
                    operationId: UUID().uuidString, typeName: "CaseReport", objectId: "r1", operation: "insert",
                    values: ["patientName": .text("Hanako Sato")], scope: 2)
            ]),
            session: try #require(sessions["alice"]))
        #expect(pushed.results.map(\.status) == ["applied"])

        let woken = try await carol.value
        #expect(woken.changed == ["CaseReport"], "\(woken)")
        #expect(woken.messages.isEmpty)
        // Carol's poll waits 30 s (the most a poll may): an answer before 20 s is the wake's (a
        // bound that tells the two apart on a loaded machine, not a measure of speed).
        #expect(ContinuousClock.now - started < .seconds(20), "carol's poll waited its whole time instead of waking")
        #expect(try await dave.value.changed == nil, "dave cannot see ward3's report: not woken")
        #expect(try await alice.value.changed == nil, "the pusher's own device is not woken")
        // Told once: carol's next poll names nothing new.
        #expect(try await poll("carol", 0).value.changed == nil)
    }
}
