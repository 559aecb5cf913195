public import Foundation

/// Reading a package's description by running `swift package dump-package`.
///
/// The child gets its own scratch path and temporary folder (see ``SwiftPackageRun``): SwiftPM
/// locks the package's scratch directory (`.build`) while a command runs, and `swift package
/// check-layers` (or `swift test`) holds that lock. `dump-package` only evaluates the manifest:
/// no network, no build, so the fresh scratch path costs nothing.
///
/// - Important: it waits for the child on the calling thread: call it from a command-line
///   tool's main thread, never from async code (tests use their own awaiting dumper).
extension PackageModel {
    /// The description of the package at `root`.
    ///
    /// - Throws: ``LayeringError`` naming the command and its first error line when it fails.
    public static func dump(packageAt root: URL) throws -> PackageModel {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-check-layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let data = try SwiftPackageRun.run(.init(root: root, subcommand: ["dump-package"]), in: temporary)
        return try PackageModel(dumpJSON: data, source: "the output of `swift package dump-package`")
    }

    /// The description of the package at `root` with every package of its resolved dependency
    /// graph (``dependencyPackages``, see ``DependencyPackages/read(for:at:cacheFolder:)``), and a
    /// warning for each dependency package that could not be read.
    ///
    /// - Parameter cacheFolder: where to keep the dependency packages' descriptions between runs
    ///   (`nil`: dump each one).
    /// - Throws: ``LayeringError`` when the package's own description cannot be read.
    public static func dumpWithDependencies(
        packageAt root: URL, cacheFolder: URL? = nil
    ) throws -> (package: PackageModel, warnings: [String]) {
        var package = try dump(packageAt: root)
        let read = DependencyPackages.read(for: package, at: root, cacheFolder: cacheFolder)
        package.dependencyPackages = read.packages
        return (package, read.warnings)
    }
}
