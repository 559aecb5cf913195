/// What one check found: the violations and how much was read.
public struct LayeringReport: Sendable {
    /// Every violation, each once, ordered by file and line.
    public let violations: [Violation]
    /// How many targets the package has.
    public let targetCount: Int
    /// How many Swift files were read.
    public let fileCount: Int

    /// A report of `violations` over `targetCount` targets and `fileCount` files.
    public init(violations: [Violation], targetCount: Int, fileCount: Int) {
        self.violations = violations
        self.targetCount = targetCount
        self.fileCount = fileCount
    }
}
