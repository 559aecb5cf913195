import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

@Suite("config, logs, devices and the push channel")
struct ClientEndpointTests {
    @Test("the app config follows the admin's log level, and logs upload", arguments: TestEngine.allCases)
    func configAndLogs(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let token = try await client.login("alice", app: server.app).token
            let (_, before) = try await client.send("GET", WirePaths.config, token: token)
            #expect(try client.decode(AppConfig.self, before).logLevel == "error")
            try await server.services.admin.setLogLevel(appId: server.app.id, version: server.app.version, level: "monitor")
            let (_, after) = try await client.send("GET", WirePaths.config, token: token)
            #expect(try client.decode(AppConfig.self, after).logLevel == "monitor")
            let upload = LogUpload(entries: [WireLogEntry(level: "error", message: "boom", metadata: ["k": "v"], loggedAt: Date())])
            #expect(try await client.send("POST", WirePaths.logs, token: token, json: upload).0 == 204)
        }
    }

    @Test("a message pushed to a group reaches a member's registered device through the long poll, and nobody else's")
    func pushChannel() async throws {
        let logs = LogCapture()
        try await withInProcessServer(logs: logs) { server in
            let client = server.client
            let carol = try await client.login("carol", app: server.app).token
            let bob = try await client.login("bob", app: server.app).token
            let device = DeviceRegistration(deviceId: "carol-laptop", name: "Carol's laptop")
            #expect(try await client.send("POST", WirePaths.devices, token: carol, json: device).0 == 204)
            let path = "\(WirePaths.devices)/carol-laptop/messages?after=0&wait=5"
            async let waiting = client.send("GET", path, token: carol)
            // Push once the poll waits (the push must reach a waiting poll, not an early pull).
            #expect(await eventually { logs.all.contains { $0.message == "poll waiting" } }, "the poll did not start")
            #expect(try await server.services.admin.sendPush(group: "nurses", title: "Round", body: "Ward 3 at 10:00", template: nil, app: nil) == 1)
            let (status, data) = try await waiting
            #expect(status == 200)
            let poll = try client.decode(PushPoll.self, data)
            let messages = poll.messages
            #expect(poll.cursor == messages.last?.sequence)
            #expect(messages.map(\.body) == ["Ward 3 at 10:00"])
            #expect(try await client.send("GET", path, token: bob).0 == 404, "another user's device is not found")
            let (_, later) = try await client.send(
                "GET", "\(WirePaths.devices)/carol-laptop/messages?after=\(messages[0].sequence)&wait=0", token: carol)
            let none = try client.decode(PushPoll.self, later)
            #expect(none.messages.isEmpty)
            #expect(none.cursor == messages[0].sequence, "an empty answer keeps the cursor asked")
        }
    }
}
