import Foundation
@testable import StrataLayering
import StrataTestSupport

/// The built `strata-check-layers` executable, run as a child process the way
/// `swift package check-layers` runs it. `swift build --build-tests` builds it (the test target
/// depends on it); it is found next to the other built products.
///
/// Every run gets `--package-json` or the fixture's own description, never a SwiftPM child on
/// this repository: `swift test` holds the lock on `.build`.
enum CheckLayersTool {
    /// Runs the tool with `arguments` and returns how it ended.
    static func run(_ arguments: [String]) async throws -> StrataProcess.Outcome {
        try await StrataProcess("strata-check-layers", home: nil).run(arguments, timeout: 120)
    }

    /// Runs the tool on fixture `name` (its `package.json`, its own `layers.json` or Strata's)
    /// with `extra` options.
    static func run(fixture name: String, _ extra: [String] = []) async throws -> StrataProcess.Outcome {
        // No cache: the fixtures are in the source tree, where a run would write .build/strata-check-layers.
        let cache = extra.contains("--no-cache") || extra.contains("--cache-path") ? [] : ["--no-cache"]
        return try await run(arguments(root: Fixture.folder.appendingPathComponent(name)) + extra + cache)
    }

    /// The options that check the package at `root` described by its `package.json` against
    /// `policy`, or its own `layers.json`, or Strata's policy with every target allowed to be
    /// missing (``LayerPolicy/fixturePolicyFile``).
    static func arguments(root: URL, policy: URL? = nil) -> [String] {
        let own = root.appendingPathComponent("layers.json")
        let chosen = policy ?? (FileManager.default.fileExists(atPath: own.path) ? own : LayerPolicy.fixturePolicyFile)
        return ["--package-path", root.path, "--package-json", "package.json", "--policy", chosen.path]
    }

    /// A copy of fixture `name` in a fresh temporary folder, for runs that edit or write files.
    static func copy(fixture name: String) throws -> URL {
        let folder = TemporaryRoot.directory("layers-\(name)")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixture.folder.appendingPathComponent(name), to: folder)
        return folder
    }
}

/// The `--format json` document, as a test reads it.
struct JSONReportDocument: Decodable {
    struct Entry: Decodable {
        let rule, file, message, why, fix: String
        let line: Int
        let target, subject: String?

        /// `rule path:line`, as ``Violation/location`` gives it.
        var location: String { "\(rule) \(file):\(line)" }
    }

    let violations: [Entry]
    let count, targets, files: Int
    let baselined, fixedBaselineEntries: Int?

    /// The document on `stdout`.
    static func parse(_ stdout: String) throws -> JSONReportDocument {
        try JSONDecoder().decode(JSONReportDocument.self, from: Data(stdout.utf8))
    }
}
