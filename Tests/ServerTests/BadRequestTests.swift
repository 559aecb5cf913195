import Foundation
import StrataWire
import Testing

@Suite("bad and oversized requests get 4xx with a reason, never 5xx")
struct BadRequestTests {
    @Test("malformed, incomplete, oversized and mistyped requests each get a 4xx WireError", arguments: TestEngine.allCases)
    func badBodies(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let token = try await client.login("alice", app: server.app).token
            let huge = Data(repeating: UInt8(ascii: "a"), count: 2 << 20)
            let cases: [(String, String, Data?, Int, String)] = [
                ("POST", WirePaths.changes, Data("{not json".utf8), 400, "not JSON"),
                ("POST", WirePaths.changes, Data(#"{"changes":[{"operationId":"x"}]}"#.utf8), 400, "missing field"),
                ("POST", WirePaths.changes, Data(#"{"changes":"many"}"#.utf8), 400, "changes"),
                ("POST", WirePaths.changes, huge, 413, "larger than"),
                ("POST", WirePaths.login, Data("[]".utf8), 400, "LoginRequest"),
                ("POST", WirePaths.logs, Data(#"{"entries":[{"level":"loud","message":"m","metadata":{},"loggedAt":"2026-01-01T00:00:00Z"}]}"#.utf8), 400, "loud"),
                ("GET", "\(WirePaths.objects)/CaseReport?since=yesterday", nil, 400, "since"),
                ("GET", "\(WirePaths.objects)/CaseReport?since=-4", nil, 400, "since"),
                ("GET", "\(WirePaths.objects)/Bad%20Type", nil, 400, "type name"),
                ("GET", "/v1/nowhere", nil, 404, "no endpoint"),
                ("DELETE", WirePaths.changes, nil, 405, "not allowed"),
            ]
            for (method, path, body, expected, words) in cases {
                let (status, data) = try await client.send(method, path, token: token, body: body)
                #expect(status == expected, "\(method) \(path)")
                let error = try? client.decode(WireError.self, data)
                #expect(error?.reason.contains(words) == true, "\(method) \(path): \(String(decoding: data.prefix(300), as: UTF8.self))")
            }
        }
    }

    @Test("a repeated query parameter, a negative after and a wait that is not a decimal number get 400 naming them", arguments: TestEngine.allCases)
    func strictQueryValues(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let token = try await client.login("alice", app: server.app).token
            let registration = DeviceRegistration(deviceId: "phone", name: "Phone")
            #expect(try await client.send("POST", WirePaths.devices, token: token, json: registration).0 == 204)
            let messages = "\(WirePaths.devices)/phone/messages"
            let cases: [(String, String)] = [
                ("\(WirePaths.objects)/CaseReport?since=1&since=-1", "query parameter since is given 2 times; expected it once"),
                ("\(WirePaths.objects)/CaseReport?limit=5&limit=5", "query parameter limit is given 2 times; expected it once"),
                ("\(messages)?after=-1", "after must be 0 or more, not -1"),
                ("\(messages)?after=0&after=9", "query parameter after is given 2 times; expected it once"),
                ("\(messages)?wait=0x1p4", "query parameter wait=0x1p4 is not a number"),
                ("\(messages)?wait=infinity", "query parameter wait=infinity is not a number"),
            ]
            for (path, reason) in cases {
                let (status, data) = try await client.send("GET", path, token: token)
                #expect(status == 400, "\(path)")
                #expect((try? client.decode(WireError.self, data))?.reason == reason, "\(path): \(String(decoding: data, as: UTF8.self))")
            }
            #expect(try await client.send("GET", "\(messages)?after=0&wait=0.5", token: token).0 == 200)
        }
    }

    @Test("an uploaded log entry with an impossible date gets 400, never a rolled-over date", arguments: TestEngine.allCases)
    func impossibleLogDates(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let token = try await client.login("alice", app: server.app).token
            func upload(_ date: String) async throws -> (Int, String) {
                let body = #"{"entries":[{"level":"error","message":"m","metadata":{},"loggedAt":"\#(date)"}]}"#
                let (status, data) = try await client.send("POST", WirePaths.logs, token: token, body: Data(body.utf8))
                return (status, String(decoding: data, as: UTF8.self))
            }
            for date in ["2026-02-30T10:00:00Z", "2026-01-01T24:30:00Z", "0000-01-01T00:00:00Z", "2026-01-01T00:00:00+25:00"] {
                let (status, body) = try await upload(date)
                #expect(status == 400, "\(date): \(body)")
                #expect(body.contains("loggedAt"), "\(date): \(body)")
            }
            for date in ["2024-02-29T10:00:00Z", "2026-01-01T00:00:00.25Z", "2026-01-01T09:00:00+09:00"] {
                #expect(try await upload(date).0 == 204, "\(date)")
            }
        }
    }

    @Test("the OpenAPI document is served and names every endpoint", arguments: TestEngine.allCases)
    func openAPIServed(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let (status, data) = try await server.client.send("GET", WirePaths.openAPI)
            #expect(status == 200)
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(document["openapi"] as? String == "3.0.3")
            let paths = try #require(document["paths"] as? [String: Any])
            for path in [
                WirePaths.login, WirePaths.logout, WirePaths.changes, WirePaths.objects + "/{type}", WirePaths.objects + "/{type}/{id}",
                WirePaths.logs, WirePaths.config, WirePaths.devices, WirePaths.devices + "/{deviceId}/messages", WirePaths.openAPI,
            ] {
                #expect(paths[path] != nil, "\(path) is not documented")
            }
        }
    }
}
