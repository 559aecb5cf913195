import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataStatusKit
import StrataStore
import Synchronization
import Testing

@Suite("strata-status command line")
struct StatusCommandTests {
    /// 2026-11-22 09:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_339_800)

    /// What one run printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: [String]
    }

    /// Runs the kit with `arguments`; `makeDomain` stands in for the composition root.
    func run(
        _ arguments: [String], environment: [String: String] = [:],
        makeDomain: (StatusLaunch) throws -> (any DomainServices)?
    ) async -> Outcome {
        let out = Mutex<[String]>([])
        let err = Mutex<[String]>([])
        let status = await StrataStatusCLI.main(
            arguments: arguments, environment: environment,
            output: OutputSink(
                standardOutput: { text in out.withLock { $0.append(text) } },
                standardError: { text in err.withLock { $0.append(text) } }),
            makeDomain: makeDomain)
        return Outcome(
            status: status, stdout: out.withLock { $0.joined(separator: "\n") }, stderr: err.withLock { $0 })
    }

    @Test("with no store it prints the empty status and exits 0")
    func noStorePrintsEmpty() async {
        let outcome = await run(["--format", "json"]) { _ in nil }
        #expect(outcome.status == 0)
        #expect(outcome.stdout == #"{"dueToday":0,"overdue":0,"reports":0,"store":"absent","unreadNotifications":0}"#)
        #expect(outcome.stderr.isEmpty)
    }

    @Test("the summary comes from the domain")
    func summaryComesFromTheDomain() async throws {
        let writable = await DataLayerFactory.inMemory()
        let domain = try await DomainFactory.make(data: writable, clock: FixedClock(Self.now))
        let report = try await domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: Self.now))

        let outcome = await run(["--format", "waybar"]) { _ in domain }
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: String])
        #expect(object["class"] == "due")
        #expect(object["tooltip"]?.contains("Reports: 1") == true)
    }

    @Test("a read-only, empty store reads as zero counts with the store present")
    func readOnlyEmptyStore() async throws {
        let domain = try await DomainFactory.make(
            data: await DataLayerFactory.inMemory(readOnly: true, allowing: [.register, .query, .count]),
            clock: FixedClock(Self.now))
        let outcome = await run(["--format", "json"]) { _ in domain }
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(#""store":"present""#))
        #expect(outcome.stdout.contains(#""reports":0"#))
    }

    @Test("the default format is text")
    func defaultIsText() async {
        let outcome = await run([]) { _ in nil }
        #expect(outcome.stdout.hasPrefix("reports               0"))
    }

    @Test("no arguments (run without a parse) print and fail exactly as --format text does")
    func noArgumentsAreTheParsedDefaults() async throws {
        let writable = await DataLayerFactory.inMemory()
        let domain = try await DomainFactory.make(data: writable, clock: FixedClock(Self.now))
        _ = try await domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let failing: (StatusLaunch) throws -> (any DomainServices)? = { _ in
            throw DataError(.cannotOpen, "cannot open /x/strata.sqlite: permission denied")
        }
        for makeDomain in [{ _ in domain }, { _ in nil }, failing] as [(StatusLaunch) throws -> (any DomainServices)?] {
            let bare = await run([], makeDomain: makeDomain)
            let parsed = await run(["--format", "text"], makeDomain: makeDomain)
            #expect(bare.status == parsed.status)
            #expect(bare.stdout == parsed.stdout)
            #expect(bare.stderr == parsed.stderr)
        }
        #expect(await run([]) { _ in domain }.stdout.hasPrefix("reports               1"))
    }

    @Test("--help and --version print without opening anything")
    func helpAndVersionOpenNothing() async {
        let help = await run(["--help"]) { _ in
            Issue.record("--help must not open the store")
            return nil
        }
        #expect(help.status == 0)
        #expect(help.stdout.contains("waybar") && help.stdout.contains("Examples:"))
        let version = await run(["--version"]) { _ in nil }
        #expect(version.stdout == StrataConstants.version)
    }

    @Test("an unknown format is one line naming --format and the accepted values")
    func unknownFormatIsOneLine() async {
        let outcome = await run(["--format", "yaml"]) { _ in nil }
        #expect(outcome.status == 64)
        #expect(outcome.stderr.count == 1)
        #expect(outcome.stderr.first?.hasPrefix("strata-status: ") == true)
        #expect(outcome.stderr.first?.contains("--format") == true)
        #expect(outcome.stderr.first?.contains("i3blocks") == true)
    }

    @Test("a failure opening the store is one line; --verbose adds the error code")
    func failureIsOneLine() async {
        let failing: (StatusLaunch) throws -> (any DomainServices)? = { _ in
            throw DataError(.cannotOpen, "cannot open /x/strata.sqlite: permission denied")
        }
        let plain = await run([], makeDomain: failing)
        #expect(plain.status == 1)
        #expect(plain.stderr == ["strata-status: cannot open /x/strata.sqlite: permission denied"])
        let verbose = await run(["--verbose"], makeDomain: failing)
        #expect(verbose.stderr == ["strata-status: cannot open /x/strata.sqlite: permission denied [DataError.cannotOpen]"])
    }

    @Test("--verbose reaches the composition root")
    func verboseIsPassedOn() async {
        let seen = Mutex<[Bool]>([])
        _ = await run(["--verbose"]) { launch in
            seen.withLock { $0.append(launch.verbose) }
            return nil
        }
        _ = await run([]) { launch in
            seen.withLock { $0.append(launch.verbose) }
            return nil
        }
        #expect(seen.withLock { $0 } == [true, false])
    }
}
