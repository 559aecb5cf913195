import StrataCrossCutting
import Synchronization
import Testing

@Suite("Command-line output: failure lines and parse failures")
struct CommandLineOutputTests {
    /// An error that is not one of Strata's, with a stored `code` a reflection would have found.
    struct ForeignError: Error, CustomStringConvertible {
        let code = 7
        var description: String { "it broke\n  twice " }
    }

    /// A sink that keeps each piece of text, for reading back.
    final class Capture: Sendable {
        let out = Mutex<[String]>([])
        let err = Mutex<[String]>([])
        var sink: OutputSink {
            OutputSink(
                standardOutput: { [self] text in out.withLock { $0.append(text) } },
                standardError: { [self] text in err.withLock { $0.append(text) } })
        }
        var stdout: [String] { out.withLock { $0 } }
        var stderr: [String] { err.withLock { $0 } }
    }

    @Test("a Strata error prints its message; --verbose adds its type and code")
    func strataErrorLine() {
        let error = CrossCuttingError(.badDate, "--date 2026-13-01 is not a day; expected YYYY-MM-DD")
        #expect(error.codeName == "badDate")
        #expect(error.description == error.message)
        #expect(
            FailureLine.line(program: "strata-x", error: error, verbose: false)
                == "strata-x: --date 2026-13-01 is not a day; expected YYYY-MM-DD")
        #expect(
            FailureLine.line(program: "strata-x", error: error, verbose: true)
                == "strata-x: --date 2026-13-01 is not a day; expected YYYY-MM-DD [CrossCuttingError.badDate]")
    }

    @Test("the code is read through StrataError, even from an existential")
    func codeThroughTheProtocol() {
        let error: any Error = CrossCuttingError(.noHomeDirectory, "no home")
        #expect(FailureLine.code(of: error) == "CrossCuttingError.noHomeDirectory")
        #expect((error as? any StrataError)?.codeName == "noHomeDirectory")
    }

    @Test("any other error is folded onto one line and named by its type only")
    func foreignErrorLine() {
        #expect(
            FailureLine.line(program: "strata-x", error: ForeignError(), verbose: true)
                == "strata-x: it broke twice [ForeignError]")
    }

    @Test("help and version go to standard output with the parser's status")
    func helpGoesToStandardOutput() {
        let capture = Capture()
        let status = capture.sink.reportParseFailure(
            program: "strata-x", status: 0, message: "", fullMessage: "USAGE: strata-x", verbose: true)
        #expect(status == 0)
        #expect(capture.stdout == ["USAGE: strata-x"])
        #expect(capture.stderr.isEmpty)
    }

    @Test("a usage error is one line on standard error; --verbose adds the usage")
    func usageErrorIsOneLine() {
        let quiet = Capture()
        #expect(
            quiet.sink.reportParseFailure(
                program: "strata-x", status: 64, message: "Unknown option '--bogus'",
                fullMessage: "Error: Unknown option '--bogus'\nUsage: strata-x", verbose: false) == 64)
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.stderr == ["strata-x: Unknown option '--bogus'"])

        let verbose = Capture()
        _ = verbose.sink.reportParseFailure(
            program: "strata-x", status: 64, message: "Unknown option '--bogus'",
            fullMessage: "Error: Unknown option '--bogus'\nUsage: strata-x", verbose: true)
        #expect(verbose.stderr == ["strata-x: Unknown option '--bogus'", "Error: Unknown option '--bogus'\nUsage: strata-x"])
    }
}
