// strata-bench-sync: pushes N changes through the client sync engine to a real strata-server
// on loopback and pulls them into a second client's store; prints changes per second each way.
// Run in release: swift build -c release && .build/release/strata-bench-sync [changes] [batch size]
import Foundation
import Logging
import StrataCrossCutting
import StrataData

let arguments = CommandLine.arguments.dropFirst()
guard let changes = Int(arguments.first ?? "100000"), changes > 0,
    let batchSize = Int(arguments.dropFirst().first ?? "1000"), batchSize > 0
else {
    FileHandle.standardError.write(Data("usage: strata-bench-sync [changes > 0] [batch size > 0]\n".utf8))
    exit(64)
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-sync-\(getpid())")
let password = "bench password 1234"
var serverProcess: Process?
do {
    defer {
        if let serverProcess, serverProcess.isRunning { serverProcess.terminate(); serverProcess.waitUntilExit() }
        try? FileManager.default.removeItem(at: scratch)
    }
    let server = try ServerChild(dataDirectory: scratch.appendingPathComponent("server"))
    try server.admin(["admin", "group", "create", "bench"])
    try server.admin(["admin", "user", "create", "pusher", "--password-stdin", "--group", "bench:member"], stdin: password + "\n")
    try server.admin(["admin", "user", "create", "puller", "--password-stdin", "--group", "bench:member"], stdin: password + "\n")
    let created = try server.admin(["admin", "app", "create", "org.strata.bench", "--version", "1"])
    guard let key = created.split(separator: "\n").first(where: { $0.hasPrefix("app key: ") }).map({ String($0.dropFirst(9)) }) else {
        throw ServerChild.Failure(description: "admin app create printed no key: \(created)")
    }
    let (process, port) = try server.serve()
    serverProcess = process
    let configuration = SyncConfiguration(
        serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "org.strata.bench", appVersion: "1", appKey: key,
        deviceName: "bench", requestTimeout: 120, batchSize: batchSize, pullPageSize: batchSize)
    let bench = SyncBenchmark(
        changes: changes, batchSize: batchSize, scratch: scratch, configuration: configuration,
        logger: StrataLogging.makeLogger(label: "bench", level: .error))
    print("strata-server on 127.0.0.1:\(port) (child process, SQLite); \(changes) changes, \(batchSize) per request/page")
    let figures = try await bench.run(pusher: "pusher", puller: "puller", password: password)
    func rate(_ count: Int, _ seconds: Double) -> String { String(format: "%8.0f changes/s  (%.2f s)", Double(count) / seconds, seconds) }
    /// `now` beside the figure before StrataSync moved onto AsyncHTTPClient (URLSession, quiet machine).
    func versus(_ count: Int, _ seconds: Double, before: Double) -> String {
        String(format: "   before %6.0f/s  (%.2f×)", before, Double(count) / seconds / before)
    }
    print("local save (journal):         \(rate(changes, figures.saveSeconds))")
    print("push  client A -> server:     \(rate(changes, figures.pushSeconds))\(versus(changes, figures.pushSeconds, before: 15_500))")
    print("pull  server -> client B:     \(rate(figures.pulled, figures.pullSeconds))\(versus(figures.pulled, figures.pullSeconds, before: 36_000))")
    print("published sync engines: 2,000-20,000 ops/s per client; aim: push ≥ 30,000, pull ≥ 50,000")
} catch {
    FileHandle.standardError.write(Data("strata-bench-sync: \(error)\n".utf8))
    exit(1)
}
