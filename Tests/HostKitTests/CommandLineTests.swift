import Foundation
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit
import Testing

@Suite("strata-host command line")
struct CommandLineTests {
    @Test("--help explains every command with examples and never opens the store")
    func helpNeedsNoStore() async throws {
        let host = try await HostHarness()
        for arguments in [["--help"], ["reports", "--help"], ["reports", "add", "--help"], ["follows", "due", "--help"]] {
            let outcome = await host.run(arguments)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.stdout.contains("Examples:") || outcome.stdout.contains("Example:"), "\(arguments)")
            #expect(outcome.stderr.isEmpty)
        }
        #expect(host.launches.isEmpty)
    }

    @Test("--help names every micro-app the Launcher lists, from the registry (all six today)")
    func helpNamesTheLaunchersMicroApps() async throws {
        let outcome = try await HostHarness().run("--help")
        let help = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("listing the other micro-apps (Reports, FollowUps, Notifications, Announcements, Account, About)"), "\(outcome)")
    }

    @Test("--version prints the version")
    func versionPrintsTheVersion() async throws {
        let outcome = try await HostHarness().run("--version")
        #expect(outcome.status == 0)
        #expect(outcome.text == StrataConstants.version)
    }

    @Test("with no arguments it prints an overview: the store, the counts and the commands")
    func noArgumentsPrintsAnOverview() async throws {
        let host = try await HostHarness()
        _ = try await host.addReport("Hanako Sato")
        let outcome = await host.run()
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("Container: \(host.data.location)"))
        #expect(outcome.stdout.contains("reports               1"))
        #expect(outcome.stdout.contains("reports add|list|show|update|delete"))
        #expect(outcome.stdout.contains("follows add|list|due|done"))
    }

    @Test("help for a command that does not exist is a usage error naming it; help for real ones still works")
    func helpForAnUnknownCommand() async throws {
        let host = try await HostHarness()
        for arguments in [["help", "nonexistent"], ["help", "reports", "nope"], ["help", "store", "check", "x"]] {
            let outcome = await host.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome)")
            #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome)")
            #expect(outcome.stderrLines == ["strata-host: there is no command '\(arguments.last!)' to show help for; see strata-host --help"])
        }
        // A typo gets the nearest real command, with the path typed before it.
        for (arguments, meant) in [(["help", "reprots"], "reports"), (["help", "reports", "lsit"], "reports list")] {
            let outcome = await host.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome)")
            #expect(
                outcome.stderrLines == [
                    "strata-host: there is no command '\(arguments.last!)' to show help for; did you mean 'strata-host help \(meant)'?"
                ])
        }
        // A control sequence in the name is echoed as text, never written to the terminal raw.
        let hostile = await host.run(["help", "\u{1B}[2Jwipe"])
        #expect(hostile.status == 64 && !hostile.stderr.contains("\u{1B}"), "\(hostile)")
        #expect(hostile.stderr.contains("\\u{1B}[2Jwipe"), "\(hostile)")
        for arguments in [["help"], ["help", "reports", "add"], ["help", "store", "backup"], ["help", "help"]] {
            let outcome = await host.run(arguments)
            #expect(outcome.status == 0 && outcome.stdout.contains("OVERVIEW:"), "\(arguments): \(outcome)")
        }
        #expect(host.launches.isEmpty)
    }

    @Test("a value ArgumentParser cannot read is one line naming the option, with its exit code")
    func badValueIsOneLine() async throws {
        let host = try await HostHarness()
        let outcome = await host.run("reports", "add", "--patient-name", "X", "--age", "abc")
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines == ["strata-host: The value 'abc' is invalid for '--age <years>': it is not a number"])
        #expect(host.launches.isEmpty)
    }

    @Test("--verbose adds the usage to a usage error")
    func verboseUsageErrorShowsUsage() async throws {
        let outcome = try await HostHarness().run("reports", "add", "--patient-name", "X", "--age", "abc", "--verbose")
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count > 1)
        #expect(outcome.stderr.contains("Usage:"))
    }

    @Test("an unknown gender or medication is a usage error listing the accepted values")
    func unknownChoiceListsValues() async throws {
        let host = try await HostHarness()
        let gender = await host.run("reports", "add", "--patient-name", "X", "--age", "1", "--gender", "robot")
        #expect(gender.status == 64)
        #expect(gender.stderrLines.count == 1)
        #expect(gender.stderr.contains("--gender") && gender.stderr.contains("female"))
        let medication = await host.run("follows", "add", "--report", "r", "--date", "2026-12-01", "--medication", "aspirin")
        #expect(medication.status == 64)
        #expect(medication.stderr.contains("--medication") && medication.stderr.contains("betaBlocker"))
    }

    @Test("--medication is parsed at the edge: an unknown name is one usage line naming every accepted name")
    func unknownMedicationNamesTheAcceptedNames() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let outcome = await host.run(
            "follows", "add", "--report", report, "--date", "2026-12-01", "--medication", "ace", "--medication", "aspirin")
        #expect(outcome.status == 64)
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.contains("'aspirin'") && outcome.stderr.contains("--medication"), "\(outcome)")
        for medication in Medication.allCases {
            #expect(outcome.stderr.contains(medication.rawValue), "\(medication) missing: \(outcome)")
        }
        #expect(try await host.domain.followUps.list(reportID: nil).isEmpty)
    }

    @Test("--medication names are case-insensitive and stored as the domain's medications")
    func medicationNamesAreCaseInsensitive() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        _ = try await host.addFollowUp(report: report, date: "2026-12-01", "--medication", "BETABLOCKER", "--medication", "Ace")
        let followUp = try await #require(try host.domain.followUps.list(reportID: report).first)
        #expect(followUp.betaBlocker && followUp.ace)
        #expect(followUp.medications == ["betaBlocker", "ace"])
    }

    @Test("an impossible --date is one line naming --date, exit 1")
    func badDateNamesTheOption() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let outcome = await host.run("follows", "add", "--report", report, "--date", "2026-13-40")
        #expect(outcome.status == 1)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.hasPrefix("strata-host: --date '2026-13-40' is not a date"))
    }

    @Test("a domain rule broken (age out of range) is one line; --verbose adds the error code")
    func domainErrorIsOneLine() async throws {
        let host = try await HostHarness()
        let plain = await host.run("reports", "add", "--patient-name", "X", "--age", "200")
        #expect(plain.status == 1)
        #expect(plain.stderrLines.count == 1)
        #expect(plain.stderr.contains("age"))
        let verbose = await host.run("reports", "add", "--patient-name", "X", "--age", "200", "--verbose")
        #expect(verbose.stderr.split(separator: "\n").last?.hasSuffix("[DomainError.invalidInput]") == true)
    }

    @Test("a failure while composing (bad STRATA_LOG_LEVEL) is one line naming the variable")
    func compositionFailureIsOneLine() async throws {
        let host = try await HostHarness()
        let outcome = await host.run(["reports", "list"], environment: ["STRATA_LOG_LEVEL": "loud"])
        #expect(outcome.status == 1)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.hasPrefix("strata-host: STRATA_LOG_LEVEL=loud is not a log level"))
        let verbose = await host.run(["reports", "list", "--verbose"], environment: ["STRATA_LOG_LEVEL": "loud"])
        // --verbose wins over the variable, so the run succeeds.
        #expect(verbose.status == 0, "\(verbose)")
    }

    @Test("--verbose reaches the composition root; its absence does too")
    func verbosityIsPassedOn() async throws {
        let host = try await HostHarness()
        _ = await host.run("reports", "list", "--verbose")
        _ = await host.run("reports", "list")
        #expect(host.launches.map(\.verbose) == [true, false])
    }
}
