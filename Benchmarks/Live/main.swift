// strata-bench-live: the delay of a live change, from alice's push to the row in carol's store.
// Alice (one client) saves a report and syncs, one change at a time; carol (another user of the
// same group, a client of her own) only listens on her device's push channel, as strata-notifyd
// does: the server wakes her poll, her engine pulls the type. Each delay runs from the start of
// alice's sync to the moment carol's store holds the row; p50/p99/max over N changes, on SQLite
// and on PostgreSQL (whose wake crosses LISTEN/NOTIFY).
// Run in release: swift build -c release --product strata-bench-live && swift build -c release --product strata-server, then
// .build/release/strata-bench-live [changes] [--engine sqlite|postgres|both]
import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import StrataSync

let usage = "usage: strata-bench-live [changes > 0] [--engine sqlite|postgres|both]"
var changes = 1000
var engines: [Deployment.Engine] = [.sqlite, .postgres]
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--engine":
        switch arguments.popFirst() {
        case "sqlite": engines = [.sqlite]
        case "postgres": engines = [.postgres]
        case "both": engines = [.sqlite, .postgres]
        default:
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)
        }
    default:
        guard let count = Int(argument), count > 0 else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)
        }
        changes = count
    }
}

let password = "bench password 1234"

/// Seconds in `duration`.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The delays of `changes` live changes on a fresh deployment on `engine`, sorted.
func measure(_ engine: Deployment.Engine, changes: Int) async throws -> (label: String, delays: [Double]) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-live-\(getpid())-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let deployment = try Deployment(
        engine: engine, instances: 1, viaNginx: false, scratch: scratch, users: ["alice", "carol"], password: password)
    defer { deployment.stop() }
    let configuration = SyncConfiguration(
        serverURL: deployment.url, appID: "org.strata.bench", appVersion: "1", appKey: deployment.appKey,
        deviceName: "bench", requestTimeout: 120)
    let logger = StrataLogging.makeLogger(label: "bench", level: .error)
    var clients: [(any DataLayer, any SyncEngine)] = []
    for user in ["alice", "carol"] {
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: scratch.appendingPathComponent(user)), logger: logger)
        let sync = SyncFactory.live(data: data, configuration: configuration, logger: logger)
        try await data.store.register(CaseReport.self)
        _ = try await sync.login(account: user, password: password)
        clients.append((data, sync))
    }
    let (alice, aliceSync) = clients[0]
    let (carol, carolSync) = clients[1]
    // Carol listens as strata-notifyd does: long polls, one after another.
    let listening = Task {
        while !Task.isCancelled {
            do { _ = try await carolSync.receivePushMessages(wait: 25) } catch { try? await Task.sleep(for: .milliseconds(100)) }
        }
    }
    defer { listening.cancel() }
    // The first poll wakes for every type (the server has not seen the device): let it pass.
    try await Task.sleep(for: .seconds(1))

    var delays: [Double] = []
    for index in 0..<changes {
        _ = try await alice.store.save([CaseReport(benchIndex: index)])
        let start = ContinuousClock.now
        // Carol's store is watched while alice's sync runs: the row may land before it returns.
        async let synced = aliceSync.syncNow()
        while try await carol.store.count(Query<CaseReport>()) <= index {
            guard ContinuousClock.now - start < .seconds(60) else {
                throw ServerChild.Failure(description: "change \(index) did not reach carol's store within 60 s")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        delays.append(seconds(ContinuousClock.now - start))
        _ = try await synced
    }
    return (deployment.label, delays.sorted())
}

do {
    print("strata-bench-live: \(changes) changes, one per sync; delay from the start of alice's sync to the row in carol's store")
    print("(carol only listens on her push channel; the server wakes her, her engine pulls; strata-server child process, loopback)")
    for engine in engines {
        let (label, delays) = try await measure(engine, changes: changes)
        let at = { (fraction: Double) in delays[min(delays.count - 1, Int(Double(delays.count) * fraction))] * 1000 }
        print(
            label.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(format: " p50 %7.1f ms   p99 %7.1f ms   max %7.1f ms   (aim p99 < 1000 ms)", at(0.5), at(0.99), (delays.last ?? 0) * 1000))
    }
} catch {
    FileHandle.standardError.write(Data("strata-bench-live: \(error)\n".utf8))
    exit(1)
}
