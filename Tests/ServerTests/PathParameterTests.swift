import Foundation
import StrataWire
import Testing

/// Path parameters (`{type}`, `{id}`, `{device}`) are percent-decoded: any id is reachable.
@Suite("percent-encoded path parameters")
struct PathParameterTests {
    static let awkwardId = "case 7/b%20 é"

    @Test("an object id with a space, /, % and é round-trips: pushed, then fetched by its encoded id", arguments: TestEngine.allCases)
    func awkwardObjectIdRoundTrips(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let token = try await server.client.login("alice", app: server.app).token
            #expect(try await server.client.push([.report(Self.awkwardId, name: "Hanna", scope: 1)], token: token) == ["applied"])
            let path = "\(WirePaths.objects)/\(WirePaths.segment("CaseReport"))/\(WirePaths.segment(Self.awkwardId))"
            #expect(path.hasSuffix("/case%207%2Fb%2520%20%C3%A9"))
            let (status, data) = try await server.client.send("GET", path, token: token)
            #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
            #expect(try server.client.decode(WireObject.self, data).objectId == Self.awkwardId)
        }
    }

    @Test("a device id with a space, /, % and é is registered and polled by its encoded id", arguments: TestEngine.allCases)
    func awkwardDeviceIdRoundTrips(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let token = try await server.client.login("carol", app: server.app).token
            let device = DeviceRegistration(deviceId: "laptop/1 100% é", name: "Carol's laptop")
            #expect(try await server.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            let path = "\(WirePaths.devices)/\(WirePaths.segment(device.deviceId))/messages?after=0&wait=0"
            let (status, data) = try await server.client.send("GET", path, token: token)
            #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(
        "an invalid percent escape gets 400 naming the parameter",
        arguments: [
            ("\(WirePaths.objects)/CaseReport/a%zz", "path parameter id"),
            ("\(WirePaths.objects)/CaseReport/a%2", "path parameter id"),
            ("\(WirePaths.objects)/Case%C3", "path parameter type"),
            ("\(WirePaths.devices)/%FF%FE/messages", "path parameter device"),
            ("\(WirePaths.objects)/CaseReport/%C0%80", "path parameter id '%C0%80' is not percent-encoded UTF-8: the escaped bytes"),
            ("\(WirePaths.objects)/CaseReport/%zz%C3%A9", "path parameter id '%zz%C3%A9' is not percent-encoded UTF-8: a %"),
        ])
    func invalidEscapes(path: String, words: String) async throws {
        try await withInProcessServer { server in
            let token = try await server.client.login("alice", app: server.app).token
            let request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n"
            let answer = try await RawExchange.exchange(port: server.port, bytes: Array(request.utf8), halfClose: false)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.text.contains(words), "\(answer)")
        }
    }
}
