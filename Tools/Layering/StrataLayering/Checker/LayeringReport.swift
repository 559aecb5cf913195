/// What one check found: the violations and how much was read.
///
/// Its ``description`` is the text report (each rule's why once), so a test can hand it to
/// `#expect` as the comment:
///
/// ```swift
/// let report = try LayeringCheck.run(packageAt: root)
/// #expect(report.isClean, "\(report)")
/// ```
public struct LayeringReport: Sendable, CustomStringConvertible {
    /// Every violation, each once, ordered by file and line; after a baseline is applied
    /// (``applying(_:)``), only the ones it does not accept.
    public let violations: [Violation]
    /// How many targets the package has.
    public let targetCount: Int
    /// How many Swift files were read.
    public let fileCount: Int
    /// The comparison with a baseline, when one was applied: the accepted violations and the
    /// stale entries.
    public let baseline: BaselineComparison?

    /// A report of `violations` over `targetCount` targets and `fileCount` files.
    public init(violations: [Violation], targetCount: Int, fileCount: Int) {
        self.init(violations: violations, targetCount: targetCount, fileCount: fileCount, baseline: nil)
    }

    private init(violations: [Violation], targetCount: Int, fileCount: Int, baseline: BaselineComparison?) {
        self.violations = violations
        self.targetCount = targetCount
        self.fileCount = fileCount
        self.baseline = baseline
    }

    /// The report with `baseline` applied: ``violations`` are the new ones, ``baseline`` says
    /// which were accepted and which entries are stale.
    public func applying(_ baseline: Baseline) -> LayeringReport {
        let comparison = baseline.compare(violations)
        return LayeringReport(
            violations: comparison.new, targetCount: targetCount, fileCount: fileCount, baseline: comparison
        )
    }

    /// Whether there is nothing to report: no violation (beyond the baseline's).
    public var isClean: Bool { violations.isEmpty }

    /// The stale baseline entries (fixed violations still listed), when a baseline was applied.
    public var staleBaselineEntries: [Baseline.Entry] { baseline?.fixed ?? [] }

    /// How many violations of each rule, for `#expect(report.counts[.layerRank] == nil)`.
    public var counts: [Rule: Int] {
        Dictionary(grouping: violations, by: \.rule).mapValues(\.count)
    }

    /// The one-line summary (`3 layering violations (layer-rank 3) in 5 targets, 5 Swift files. …`).
    public var summary: String {
        OutputFormat.summary(violations, report: self, baseline: baseline)
    }

    /// The text report: every violation with its fix, each rule's why once, then the summary.
    public var description: String {
        OutputFormat.text.render(violations, of: self, baseline: baseline)
    }
}
