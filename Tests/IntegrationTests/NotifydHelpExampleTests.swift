import Foundation
import StrataTestSupport
import Testing

/// The example `strata-notifyd --help` prints, run as written by `/bin/sh` on a fresh home:
/// it must work before the inbox exists, with or without `STRATA_HOME`.
@Suite("strata-notifyd --help example", .childProcessSlot, .serialized)
struct NotifydHelpExampleTests {
    @Test("the --help example works on a fresh home, with STRATA_HOME unset or set", arguments: [false, true])
    func helpExampleWorksOnAFreshHome(setsStrataHome: Bool) async throws {
        let base = TemporaryRoot.directory("strata-help")
        defer { try? FileManager.default.removeItem(at: base) }
        let home = base.appendingPathComponent("user", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = [
            "HOME": home.path, "PATH": StrataProcess.productsDirectory.path + ":/usr/bin:/bin", "TZ": "UTC",
        ]
        let container = setsStrataHome
            ? base.appendingPathComponent("container", isDirectory: true)
            : home.appendingPathComponent(".local/share/strata", isDirectory: true)
        if setsStrataHome { environment["STRATA_HOME"] = container.path }

        let help = try await Self.run(["/bin/sh", "-c", "strata-notifyd --help"], environment: environment)
        let script = try #require(Self.example(in: help.stdout), "no example in: \(help.stdout)")
        let outcome = try await Self.run(["/bin/sh", "-e", "-c", script], environment: environment)

        #expect(outcome.status == 0, "\(script)\n\(outcome)")
        #expect(outcome.stdout == "recorded n-1 message: Hi\n", "\(outcome)")
        let delivered = container.appendingPathComponent("inbox/cur/n-1.json").path
        #expect(FileManager.default.fileExists(atPath: delivered), "\(outcome)")
    }

    /// The indented lines after `Example` in `help`, without their indent; `nil` when none.
    static func example(in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Example") }) else { return nil }
        let body = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
        return body.isEmpty ? nil : body.joined(separator: "\n")
    }

    /// Runs `command` with exactly `environment`; returns its exit status and output.
    static func run(_ command: [String], environment: [String: String]) async throws -> StrataProcess.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return try await StrataProcess.start(process).finish()
    }
}
