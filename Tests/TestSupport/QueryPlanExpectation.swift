public import Testing

/// Asserts that an `EXPLAIN QUERY PLAN` (its detail lines) reads through `index` and never scans
/// the table or sorts in a temporary B-tree: a page then costs about a page, not every match.
public func expectIndexed(_ plan: [String], by index: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        plan.contains { $0.contains("INDEX \(index) ") || $0.hasSuffix("INDEX \(index)") },
        "plan \(plan) does not use \(index)", sourceLocation: sourceLocation)
    #expect(!plan.contains { $0.hasPrefix("SCAN") && !$0.contains("INDEX") }, "plan \(plan) scans the table", sourceLocation: sourceLocation)
    #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "plan \(plan) sorts", sourceLocation: sourceLocation)
}
