import Foundation

/// What the `LayeringBuildCheck` build-tool plugin asks the build to run: pure functions of
/// paths, so `StrataArchitectureTests` runs the very same command (it links this file) without
/// a `swift build` of another package.
///
/// The command runs `strata-check-layers` on the whole package and, when there is nothing to
/// report, writes `output`: a Swift file holding one comment, which the target compiles. The
/// build runs the command again only when one of its inputs changed (any Swift file of the
/// package, the manifest, the policy or the baseline); a violation fails it with the tool's
/// report, and the missing output makes the next build check again.
enum BuildCheckCommand {
    /// The file the command writes in the plugin's work folder.
    static let outputName = "StrataLayeringCheck.swift"

    /// The tool's arguments: the package, the cache in the plugin's work folder (the only
    /// folder a sandboxed plugin may write), the stamp to write on success, and compiler-shaped
    /// diagnostics (`file:line:1: error: …`), which IDEs show on the line.
    static func arguments(package: String, workDirectory: String, output: String) -> [String] {
        [
            "--package-path", package, "--cache-path", workDirectory + "/strata-check-layers-cache.json", "--stamp", output,
            "--format", "diagnostics",
        ]
    }

    /// The files whose change makes the build check again: every Swift file of the package's
    /// targets, and the manifest, `Package.resolved`, the policy and the baseline when they exist.
    static func inputs(package: String, swiftFiles: [String], exists: (String) -> Bool) -> [String] {
        let extra = ["Package.swift", "Package.resolved", "layers.json", "layers-baseline.json"].map { package + "/" + $0 }
        return swiftFiles.sorted() + extra.filter(exists)
    }
}
