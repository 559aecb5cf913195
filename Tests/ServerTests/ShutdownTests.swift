import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif
import StrataTestSupport
import StrataWire
import Testing

/// A graceful shutdown on a real `strata-server` child: what is in flight finishes.
@Suite("strata-server's graceful shutdown")
struct ShutdownTests {
    @Test("a push whose request is in flight at SIGTERM completes and is applied; the server then exits 0")
    func inFlightPushCompletes() async throws {
        // The grace as long as the shared patience: the body's second half is sent after the
        // poll's answer, which a loaded machine may delay past the 10 s default.
        let grace = "\(Int(Patience.childProcessSeconds))"
        try await withTestServer(["--log-level", "trace", "--shutdown-grace", grace], user: true) { server in
            let token = try await server.login()
            let device = DeviceRegistration(deviceId: "laptop", name: "Laptop")
            #expect(try await server.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            let client = server.client
            let polling = Task { try await client.send("GET", "\(WirePaths.devices)/laptop/messages?after=0&wait=25", token: token) }
            #expect(try await server.waitForLog("poll waiting"), "the poll did not start: \(server.log)")
            let body = Array(
                try WireCoding.encoder().encode(PushRequest(changes: [.report("r1", name: "in flight", scope: 1)])))
            let headsRead = server.log.components(separatedBy: "request head read").count - 1
            let connection = try RawConnection(port: server.port)
            let head = "POST \(WirePaths.changes) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            #expect(connection.send(head))
            try connection.sendAll(Array(body.prefix(body.count / 2)))
            // SIGTERM closes connections with no request in flight: wait until the server has read
            // this head (on a loaded machine it may not have yet), so the push is in flight.
            #expect(try await server.waitForLog("request head read", after: headsRead), "\(server.log)")
            let signalled = ContinuousClock.now
            kill(server.pid, SIGTERM)
            // The long poll's answer shows the shutdown has begun; the push is still mid-body.
            #expect(try await polling.value.0 == 200)
            try connection.sendAll(Array(body.dropFirst(body.count / 2)))
            // Safe: the test awaits this read, so one thread at a time uses the connection.
            nonisolated(unsafe) let reading = connection
            let answer = try await onThread { () -> String in
                guard case .bytes(let data) = reading.receive(timeout: Patience.childProcess) else { return "no answer" }
                return String(decoding: data, as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            #expect(answer.contains(#""status":"applied""#), "\(answer)")
            let exit = try await server.waitForExit(timeout: Patience.childProcess)
            #expect(exit == 0, "exit \(String(describing: exit)) after \(ContinuousClock.now - signalled)")
        }
    }

    @Test("SIGTERM closes the database before exit 0: SQLite leaves its files checkpointed, with no -wal beside them")
    func sqliteFilesCloseOnShutdown() async throws {
        try await withTestServer(user: true) { server in
            let token = try await server.login()
            #expect(try await server.client.push([.report("r1", name: "kept", scope: 1)], token: token) == ["applied"])
            let wal = server.dataDirectory.appendingPathComponent("control.sqlite-wal")
            #expect(FileManager.default.fileExists(atPath: wal.path), "the server writes through a WAL")
            kill(server.pid, SIGTERM)
            #expect(try await server.waitForExit(timeout: Patience.childProcess) == 0, "\(server.log)")
            // SQLite removes the WAL only when the last connection closes cleanly.
            let left = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.path)
                + FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.appendingPathComponent("apps").path)
            #expect(left.filter { $0.hasSuffix("-wal") }.isEmpty, "left behind: \(left.sorted())")
        }
    }

    @Test("SIGTERM closes PostgreSQL's pool before exit 0: the log says so")
    func postgresPoolClosesOnShutdown() async throws {
        let database = try await TestPostgres.database()
        try await withTestServer(["--log-level", "debug"], user: true, database: database) { server in
            let token = try await server.login()
            #expect(try await server.client.push([.report("r1", name: "kept", scope: 1)], token: token) == ["applied"])
            kill(server.pid, SIGTERM)
            #expect(try await server.waitForExit(timeout: Patience.childProcess) == 0, "\(server.log)")
            #expect(server.log.contains("closed the database pool"), "\(server.log)")
            #expect(!server.log.contains("hasn't been called yet"), "the pool was used before it ran: \(server.log)")
        }
    }
}
