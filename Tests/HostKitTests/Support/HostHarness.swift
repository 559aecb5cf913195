import Foundation
import Logging
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataSync
import StrataHostKit
import Synchronization

/// `strata-host`'s kit over an in-memory data layer and a fixed clock: the command line
/// without a process or a file.
///
/// One harness keeps its data across runs, so a test can add, then list, then show.
final class HostHarness: Sendable {
    /// What one run printed and returned.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard error's non-empty lines.
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
        /// Standard output without its final newline.
        var text: String { String(stdout.dropLast(stdout.hasSuffix("\n") ? 1 : 0)) }
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// 2026-11-22 09:30 UTC: the instant every harness clock reads.
    static let now = Date(timeIntervalSince1970: 1_795_339_800)

    let clock = FixedClock(HostHarness.now)
    let data: any DataLayer
    let sync: any SyncEngine
    let domain: any DomainServices
    /// Where the runs report usage events and failures.
    let usage: any UsageMonitor
    private let recordedLaunches = Mutex<[HostLaunch]>([])

    /// Every launch the kit asked the composition root for (to prove `--help` never does).
    var launches: [HostLaunch] { recordedLaunches.withLock { $0 } }

    /// A harness over `data` (a fresh writable in-memory layer by default) and `sync` (an
    /// offline engine on `data` by default; `SyncFactory.scripted(data:script:)` for a server).
    init(data: (any DataLayer)? = nil, sync: (any SyncEngine)? = nil, usage: any UsageMonitor = SilentUsageMonitor()) async throws {
        let data = if let data { data } else { await DataLayerFactory.inMemory() }
        self.data = data
        self.sync = sync ?? SyncFactory.offline(data: data)
        self.usage = usage
        domain = try await DomainFactory.make(data: data, clock: clock)
    }

    /// Runs `strata-host` with `arguments` and returns what happened.
    func run(_ arguments: String..., environment: [String: String] = [:]) async -> Outcome {
        await run(arguments, environment: environment)
    }

    /// Runs `strata-host` with `arguments` and returns what happened.
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> Outcome {
        let output = CapturedOutput()
        let status = await StrataHostCLI.run(arguments: arguments, environment: environment, output: output.sink) { launch in
            self.recordedLaunches.withLock { $0.append(launch) }
            // Choose the level as the real composition root does (a bad STRATA_LOG_LEVEL throws),
            // but log at the default level so `--verbose` runs keep the test output quiet.
            _ = try StrataLogging.level(verbose: launch.verbose, environment: launch.environment)
            let quiet = try StrataLogging.level(verbose: false, environment: [:])
            let logger = StrataLogging.makeLogger(label: "strata-host-test", level: quiet)
            return HostRuntime(
                domain: self.domain, clock: self.clock, notices: self.data.notices, logger: logger,
                location: self.data.location, sync: self.sync,
                session: self.data.session, usage: self.usage,
                conflicts: self.data.conflicts)
        }
        return Outcome(status: status, stdout: output.stdout, stderr: output.stderr)
    }

    /// Runs `strata-host` with no command as if at a terminal drawn on `environment`; returns the exit status.
    func runInteractive(environment: ContainerEnvironment) async -> Int32 {
        let output = CapturedOutput()
        return await StrataHostCLI.run(
            arguments: [], environment: [:], output: output.sink, terminal: .custom { _ in environment }
        ) { _ in
            let logger = StrataLogging.makeLogger(label: "strata-host-test", level: .warning)
            return HostRuntime(
                domain: self.domain, clock: self.clock, notices: self.data.notices, logger: logger,
                location: self.data.location, sync: self.sync,
                session: self.data.session, usage: self.usage,
                conflicts: self.data.conflicts)
        }
    }

    /// Adds a report through the command line and returns its printed id.
    func addReport(_ name: String, age: Int = 40, _ extra: String...) async throws -> String {
        let outcome = await run(["reports", "add", "--patient-name", name, "--age", String(age)] + extra)
        guard outcome.status == 0 else { throw HarnessError(outcome: outcome) }
        return outcome.text
    }

    /// Schedules a follow-up through the command line and returns its printed id.
    func addFollowUp(report: String, date: String, _ extra: String...) async throws -> String {
        let outcome = await run(["follows", "add", "--report", report, "--date", date] + extra)
        guard outcome.status == 0 else { throw HarnessError(outcome: outcome) }
        return outcome.text
    }

    /// Parses standard output as JSON.
    static func json(_ outcome: Outcome) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }
}

/// A harness step that was expected to succeed failed.
struct HarnessError: Error, CustomStringConvertible {
    let outcome: HostHarness.Outcome
    var description: String { "strata-host failed: \(outcome)" }
}
