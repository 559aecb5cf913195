import Foundation
import StrataBenchSupport
import StrataWire
#if canImport(Glibc)
import Glibc
#endif

/// `wrk` against the pull (`GET /v1/objects/{type}?since=0&limit=100`) and query
/// (`POST /v1/objects/{type}/query`: `age = 42`, newest first, 50 per page) endpoints of one
/// instance per engine, after seeding N objects; requests/s and p99 latency.
struct WrkLoad {
    /// One endpoint's figures.
    struct Figures {
        var requestsPerSecond: Double
        var p99: String
        var non2xx: Int
    }

    let objects: Int
    let connections: Int
    let seconds: Int

    /// Debian's `wrk`: found on the path, else installed with apt-get; a failure says why.
    static func ensureWrk() throws -> String {
        if let path = which("wrk") { return path }
        FileHandle.standardError.write(Data("strata-bench-load: wrk is missing; installing Debian's wrk with apt-get…\n".utf8))
        let sudo = getuid() == 0 ? "" : "sudo "
        let status = shell("\(sudo)apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive \(sudo)apt-get install -y -qq wrk >&2")
        guard status == 0, let path = which("wrk") else {
            throw RawHTTP.Failure(description: "wrk is missing and 'apt-get install wrk' failed (exit \(status)); install Debian's wrk")
        }
        return path
    }

    func run(_ engine: Deployment.Engine, wrk: String, scratch: URL) throws -> (pull: Figures, query: Figures) {
        let password = "bench password 1234"
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let deployment = try Deployment(
            engine: engine, instances: 1, viaNginx: false, scratch: scratch, users: ["loader"], password: password,
            serveOptions: ["--max-connections", "\(connections + 64)"])
        defer { deployment.stop() }
        guard let port = deployment.url.port.map({ UInt16($0) }) else { throw RawHTTP.Failure(description: "no port in \(deployment.url)") }
        let http = RawHTTP(port: port)
        let token = try http.login(account: "loader", password: password, appKey: deployment.appKey)
        try seed(http, token: token)

        let query = try JSONEncoder().encode(
            QueryRequest(
                conditions: [WireCondition(key: "age", op: "eq", value: .integer(42))],
                sort: [WireSortKey(key: "createdAt", descending: true)], limit: 50))
        // Check both requests answer 200 before loading them.
        try http.send("GET", "/v1/objects/LoadRecord?since=0&limit=100", token: token)
        try http.send("POST", "/v1/objects/LoadRecord/query", token: token, body: query)
        let pull = try load(wrk: wrk, url: "\(deployment.url)/v1/objects/LoadRecord?since=0&limit=100", method: "GET", body: nil, token: token, scratch: scratch)
        let queried = try load(wrk: wrk, url: "\(deployment.url)/v1/objects/LoadRecord/query", method: "POST", body: query, token: token, scratch: scratch)
        return (pull, queried)
    }

    /// Pushes `objects` case-report-shaped objects (scope: the user) in batches of 1,000.
    private func seed(_ http: RawHTTP, token: String) throws {
        var index = 0
        while index < objects {
            let changes = (index..<min(objects, index + 1000)).map { i in
                WireChange(
                    operationId: UUID().uuidString, typeName: "LoadRecord", objectId: UUID().uuidString, operation: "insert",
                    values: [
                        "patientName": .text("Patient \(i)"), "age": .integer(Int64(i % 100)), "memo": .text("memo for case \(i)"),
                        "createdAt": .real(1_700_000_000 + Double(i)),
                    ], scope: 1)
            }
            try http.send("POST", "/v1/changes", token: token, body: try JSONEncoder().encode(PushRequest(changes: changes)))
            index += changes.count
        }
    }

    /// Runs wrk (2 threads, `connections`, `seconds`, latency distribution) and reads its figures.
    private func load(wrk: String, url: String, method: String, body: Data?, token: String, scratch: URL) throws -> Figures {
        let script = scratch.appendingPathComponent("request-\(method).lua")
        var lua = "wrk.method = \"\(method)\"\nwrk.headers[\"Authorization\"] = \"Bearer \(token)\"\n"
        if let body {
            let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            lua += "wrk.headers[\"Content-Type\"] = \"application/json\"\nwrk.body = \"\(text)\"\n"
        }
        // Counts answers other than 2xx (wrk prints them as "Non-2xx or 3xx responses").
        try lua.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script.path, url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let rate = value(after: "Requests/sec:", in: text).flatMap(Double.init),
            let p99 = value(after: "99%", in: text)
        else {
            throw RawHTTP.Failure(description: "wrk failed (exit \(process.terminationStatus)): \(text)")
        }
        let non2xx = value(after: "Non-2xx or 3xx responses:", in: text).flatMap(Int.init) ?? 0
        return Figures(requestsPerSecond: rate, p99: p99, non2xx: non2xx)
    }

    /// The first word after `label` on the line that holds it.
    private func value(after label: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: label) else { continue }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        return nil
    }

    private static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin"] {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        do { try process.run() } catch { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
