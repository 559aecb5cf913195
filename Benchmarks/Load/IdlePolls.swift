import Foundation
import StrataBenchSupport
#if canImport(Glibc)
import Glibc
#endif

/// What idle long polls cost the server: one instance per engine, N devices each with a
/// `GET /v1/devices/{id}/messages?after=0&wait=30` waiting (no message ever comes), and the
/// server process's CPU over a window beside the same window with no poll open.
struct IdlePolls {
    /// One engine's figures.
    struct Figures {
        var baseline: Double
        var polling: Double
        var waiting: Int
    }

    let polls: Int
    let window: Duration

    func run(_ engine: Deployment.Engine, scratch: URL) async throws -> Figures {
        let password = "bench password 1234"
        let deployment = try Deployment(
            engine: engine, instances: 1, viaNginx: false, scratch: scratch, users: ["poller"], password: password,
            serveOptions: ["--max-connections", "\(polls + 256)", "--idle-timeout", "120"])
        defer { deployment.stop() }
        guard let port = deployment.url.port.map({ UInt16($0) }) else { throw RawHTTP.Failure(description: "no port in \(deployment.url)") }
        let pid = deployment.servers[0].processIdentifier
        let http = RawHTTP(port: port)
        let token = try http.login(account: "poller", password: password, appKey: deployment.appKey)
        for device in 0..<polls {
            let body = Data(#"{"deviceId":"device-\#(device)","name":"Bench device \#(device)"}"#.utf8)
            try http.send("POST", "/v1/devices", token: token, body: body, expect: 204)
        }
        // Let the registrations' work settle, then the baseline: the same server, nothing open.
        try await Task.sleep(for: .seconds(1))
        let baseline = try await ProcessCPU.share(of: pid, over: window)

        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for device in 0..<polls {
            let socket = try http.connect()
            sockets.append(socket)
            try RawHTTP.write(
                RawHTTP.request("GET", "/v1/devices/device-\(device)/messages?after=0&wait=30", token: token, body: nil, close: false),
                to: socket)
        }
        // Every poll has been read and is waiting once the server's CPU settles; give it a second.
        try await Task.sleep(for: .seconds(2))
        let polling = try await ProcessCPU.share(of: pid, over: window)
        // A poll still waiting has nothing to read yet (EAGAIN); an answered or closed one has.
        var waiting = 0
        var byte: UInt8 = 0
        for socket in sockets where recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
            waiting += 1
        }
        return Figures(baseline: baseline, polling: polling, waiting: waiting)
    }
}
