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
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
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
