import Foundation
import StrataTestSupport
import Testing

/// `STRATA_KEY_PLACE` in each executable's `--help` (the man pages are made from it), where the
/// other environment variables are listed.
@Suite("--help names STRATA_KEY_PLACE beside the other environment variables", .childProcessSlot)
struct KeyPlaceHelpTests {
    /// `--help`'s standard output with ArgumentParser's line wrapping undone.
    private func help(_ name: String) async throws -> String {
        let outcome = try await StrataProcess(name, home: temporaryHome()).run(["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        return outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("strata-host says what STRATA_KEY_PLACE chooses, beside STRATA_HOME and STRATA_LOG_LEVEL")
    func host() async throws {
        let text = try await help("strata-host")
        #expect(text.contains("STRATA_LOG_LEVEL (trace"), "\(text)")
        #expect(text.contains("STRATA_KEY_PLACE (auto, the default; file; secret-service)"), "\(text)")
    }

    @Test("strata-notifyd lists STRATA_KEY_PLACE in its environment and its exit status")
    func notifyd() async throws {
        let text = try await help("strata-notifyd")
        let environment = try #require(text.range(of: "Environment: ").map { String(text[$0.upperBound...]) })
        #expect(environment.contains("STRATA_KEY_PLACE (auto, file or secret-service"), "\(environment)")
        let exit = try #require(text.range(of: "Exit status: ").map { String(text[$0.upperBound...].prefix(400)) })
        #expect(exit.contains("bad STRATA_HOME, STRATA_LOG_LEVEL or STRATA_KEY_PLACE"), "\(exit)")
    }

    @Test("strata-status lists its environment and says it does not read STRATA_KEY_PLACE")
    func status() async throws {
        let text = try await help("strata-status")
        let environment = try #require(text.range(of: "Environment: ").map { String(text[$0.upperBound...]) })
        #expect(environment.contains("STRATA_HOME") && environment.contains("STRATA_KEY_PLACE is not read"), "\(environment)")
    }
}
