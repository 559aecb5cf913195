import Foundation
import StrataWire
import Testing

/// Requests whose HTTP framing breaks while the body is read are the client's fault: 400 (a
/// WireError when the connection can still answer), never 500, and the server keeps serving.
@Suite("broken HTTP framing gets 400, not 500")
struct FramingTests {
    static let head = "POST \(WirePaths.login) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"

    @Test(
        "bad chunked encoding and a body cut short get 400 with a WireError; the server keeps serving",
        arguments: [
            (Self.head + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", false),
            (Self.head + "Content-Length: 100\r\n\r\n{\"account\":", true),
            (Self.head + "Transfer-Encoding: chunked\r\n\r\n20\r\n{\"account\":", true),
        ])
    func brokenFraming(request: String, halfClose: Bool) async throws {
        try await withInProcessServer { server in
            let answer = try await RawExchange.exchange(port: server.port, bytes: Array(request.utf8), halfClose: halfClose)
            #expect(answer.status == 400 || (answer.status == nil && answer.closed), "\(answer)")
            #expect(!answer.text.contains(" 500 "), "\(answer)")
            if answer.status == 400 {
                let body = answer.text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
                let error = try server.client.decode(WireError.self, Data(body.utf8))
                #expect(error.error == "badRequest")
                #expect(error.reason.contains("framing"), "\(answer)")
            }
            let (status, _) = try await server.client.send("GET", WirePaths.openAPI)
            #expect(status == 200, "the server must keep serving")
            #expect(try await server.client.login("alice", app: server.app).account == "alice")
        }
    }

    @Test(
        "a request head the parser refuses gets 400 with a WireError body, and the server keeps serving",
        arguments: [
            "GET /v1/con\u{0}fig HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /v1/config HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u{0}b\r\n\r\n",
            "GET /v1/config HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 90_000))\r\n\r\n",
            "POST /v1/changes HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
            "POST /v1/changes HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        ])
    func malformedHeads(request: String) async throws {
        try await withInProcessServer { server in
            let answer = try await RawExchange.exchange(port: server.port, bytes: Array(request.utf8), halfClose: false)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.closed, "\(answer)")
            let body = answer.text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
            let error = try? server.client.decode(WireError.self, Data(body.utf8))
            #expect(error?.error == "badRequest", "\(answer)")
            #expect(error?.reason.hasPrefix("the request's HTTP head is malformed") == true, "\(answer)")
            #expect(try await server.client.send("GET", WirePaths.openAPI).0 == 200, "the server must keep serving")
        }
    }

    @Test("a Content-Length over the body limit gets 413 at once, before the body is sent")
    func declaredLengthOverLimit() async throws {
        try await withInProcessServer { server in
            let token = try await server.client.login("alice", app: server.app).token
            for (path, auth) in [(WirePaths.changes, "Authorization: Bearer \(token)\r\n"), (WirePaths.login, "")] {
                let request = "POST \(path) HTTP/1.1\r\nHost: x\r\n\(auth)Content-Length: 2000000000\r\n\r\n{\"changes\":["
                // Read until the 413's text has come (the server keeps the connection): a server
                // that waited for the body would answer nothing before its 60 s body timeout, so
                // 30 s tells the two apart on a loaded machine.
                let answer = try await RawExchange.exchange(
                    port: server.port, bytes: Array(request.utf8), halfClose: false, timeout: 30,
                    enough: { $0.contains("Content-Length 2000000000") })
                #expect(answer.status == 413, "\(path): \(answer)")
                #expect(answer.text.contains("Content-Length 2000000000"), "\(path): \(answer)")
            }
        }
    }

    @Test(
        "a request that does not keep the connection alive (HTTP/1.0, Connection: Close) has it closed after its answer",
        arguments: [
            "GET /openapi.json HTTP/1.0\r\n\r\n", "GET /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n",
            "GET /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: TE, close\r\n\r\n",
        ])
    func closesWhenAsked(request: String) async throws {
        try await withInProcessServer { server in
            // Within 30 s, half the 60 s idle timeout: "closed after the answer" told apart from
            // "closed by the idle timeout" on a loaded machine.
            let answer = try await RawExchange.exchange(port: server.port, bytes: Array(request.utf8), halfClose: false, timeout: 30)
            #expect(answer.status == 200, "\(answer)")
            #expect(answer.closed, "the server must close, not wait for the idle timeout: \(answer)")
        }
    }
}
