@testable import StrataLayering
import Testing

/// Records layering violations as test issues, each exactly once.
///
/// One issue per violation holds its full description (place, rule, why, fix); one last issue
/// gives the count. Nothing else mentions the violations: an `#expect(violations.isEmpty)`
/// would print the whole array again in its expansion, so every violation appeared twice.
enum ViolationReport {
    /// Records `violations`; records nothing when there are none.
    static func record(_ violations: [Violation], sourceLocation: SourceLocation = #_sourceLocation) {
        guard !violations.isEmpty else { return }
        for violation in violations {
            Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
        }
        Issue.record(
            "\(violations.count) layering violation(s) above; see Architecture.md, \"How the rule is enforced\"",
            sourceLocation: sourceLocation
        )
    }
}
