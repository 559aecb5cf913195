// strata-bench-sync: pushes N changes through the client sync engine to a real strata-server
// on loopback and pulls them into other clients' stores; prints changes per second each way, on
// SQLite and on PostgreSQL side by side, and optionally through nginx in front of 1 and 2
// instances on one PostgreSQL.
// Run in release: swift build -c release --product strata-bench-sync && swift build -c release --product strata-server, then
// .build/release/strata-bench-sync [changes] [batch size] [--engine sqlite|postgres|both] [--instances 1|2] [--clients N]
import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataSync

// As the hosts do, before anything uses SQLite: statement journals stay in memory up to 120 KiB.
DataLayerFactory.prepareProcess()

guard let options = BenchOptions(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((BenchOptions.usage + "\n").utf8))
    exit(64)
}

let password = "bench password 1234"
let pushers = (1...options.clients).map { "pusher\($0)" }
let pullers = (1...options.clients).map { "puller\($0)" }

/// One deployment's figures.
struct Row {
    var label: String
    var changes: Int
    var figures: SyncBenchmark.Figures
    var push: Double { Double(changes) / figures.pushSeconds }
    var pull: Double { Double(figures.pulled) / figures.pullSeconds }
}

/// Runs the benchmark once against a fresh deployment and prints its line.
func measure(
    _ engine: Deployment.Engine, instances: Int, viaNginx: Bool, options: BenchOptions, pushers: [String], pullers: [String],
    password: String
) async throws -> Row {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-sync-\(getpid())-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let deployment = try Deployment(
        engine: engine, instances: instances, viaNginx: viaNginx, scratch: scratch, users: pushers + pullers, password: password)
    defer { deployment.stop() }
    let configuration = SyncConfiguration(
        serverURL: deployment.url, appID: "org.strata.bench", appVersion: "1", appKey: deployment.appKey,
        deviceName: "bench", requestTimeout: 120, batchSize: options.batchSize, pullPageSize: options.batchSize)
    let bench = SyncBenchmark(
        changes: options.changes, batchSize: options.batchSize, scratch: scratch, configuration: configuration,
        logger: StrataLogging.makeLogger(label: "bench", level: .error))
    let figures = try await bench.run(pushers: pushers, pullers: pullers, password: password)
    let row = Row(label: deployment.label, changes: options.changes, figures: figures)
    print(
        deployment.label.padding(toLength: 30, withPad: " ", startingAt: 0)
            + String(
                format: " local save %7.0f/s   push %7.0f changes/s (%6.2f s)   pull %7.0f changes/s (%6.2f s)",
                Double(options.changes) / figures.saveSeconds, row.push, figures.pushSeconds, row.pull, figures.pullSeconds))
    return row
}

do {
    print(
        "strata-bench-sync: \(options.changes) changes, \(options.batchSize) per request/page, "
            + "\(options.clients) pushing and \(options.clients) pulling client(s) (each pulls all); release strata-server child processes")
    print("PostgreSQL: a throwaway cluster with fsync=on, full_page_writes=on, synchronous_commit=on (the server asks for it);")
    print("SQLite: WAL with synchronous=FULL on every connection. Both sync each commit: an acknowledged push survives a power cut.")
    var direct: [Deployment.Engine: Row] = [:]
    for engine in options.engines {
        direct[engine] = try await measure(engine, instances: 1, viaNginx: false, options: options, pushers: pushers, pullers: pullers, password: password)
    }
    if let sqlite = direct[.sqlite], let postgres = direct[.postgres] {
        print(String(format: "ratio postgres / sqlite, direct:   push %.2f×   pull %.2f×   (aim ≥ 0.8×)", postgres.push / sqlite.push, postgres.pull / sqlite.pull))
    }
    if options.instances == 2 {
        for engine in options.engines {
            let one = try await measure(engine, instances: 1, viaNginx: true, options: options, pushers: pushers, pullers: pullers, password: password)
            guard engine == .postgres else { continue }
            let two = try await measure(engine, instances: 2, viaNginx: true, options: options, pushers: pushers, pullers: pullers, password: password)
            if let base = direct[engine] {
                print(
                    String(
                        format: "postgres: nginx → 1 / direct: push %.2f× pull %.2f×;  nginx → 2 / nginx → 1: push %.2f× pull %.2f×",
                        one.push / base.push, one.pull / base.pull, two.push / one.push, two.pull / one.pull))
            }
        }
        print("(SQLite runs one instance only: its files belong to one machine and one server.)")
    }
} catch {
    FileHandle.standardError.write(Data("strata-bench-sync: \(error)\n".utf8))
    exit(1)
}
