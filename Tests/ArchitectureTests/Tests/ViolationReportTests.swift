@testable import StrataLayering
import Synchronization
import Testing

/// The report of the real repository's check: each violation is printed once.
@Suite("Violation report: each violation recorded once")
struct ViolationReportTests {
    @Test("each violation's description is in exactly one recorded issue, and a clean result records none")
    func eachViolationIsRecordedOnce() throws {
        let violations = (1...3).map { line in
            Violation(
                rule: .siblingHosts, path: "Planted/ViolationReportTests.swift", line: line,
                message: "planted by ViolationReportTests (expected in this log).", why: "A planted why.",
                fix: "Nothing to fix."
            )
        }
        let comments = RecordedComments()
        withKnownIssue {
            ViolationReport.record(violations)
        } matching: { issue in
            comments.append(String(describing: issue))  // its kind (an expectation's expansion) and comments
            return true
        }
        let recorded = comments.all
        #expect(recorded.count == violations.count + 1)
        for violation in violations {
            let holding = recorded.filter { $0.contains(violation.description) }
            #expect(holding.count == 1, "\(violation.location) is in \(holding.count) issues")
            let mentions = recorded.filter { $0.contains("\(violation.path):\(violation.line):") }
            #expect(mentions.count == 1, "\(violation.location) is mentioned in \(mentions.count) issues")
        }
        #expect(recorded.last?.contains("3 layering violation(s) above") == true)
        ViolationReport.record([])
    }
}

/// The issues a test body recorded, as text (kind, expanded expression, comments), collected
/// from the known-issue matcher (which may run on any thread).
private final class RecordedComments: Sendable {
    private let comments = Mutex<[String]>([])

    /// Adds one issue's comments.
    func append(_ comment: String) { comments.withLock { $0.append(comment) } }

    /// Every comment so far, in order.
    var all: [String] { comments.withLock { $0 } }
}
