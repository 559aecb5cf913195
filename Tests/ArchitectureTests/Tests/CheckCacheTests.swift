import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The cache: an unchanged package gets the last report without `dump-package` or reading a
/// source file; anything that could change the report (a Swift file edited, added or removed,
/// the policy, the manifest, the checker) makes it check again; the baseline applies on top.
@Suite("Cache: an unchanged package re-checks from the last report; every change checks again")
struct CheckCacheTests {
    static let message = "StrataData (data, rank 1) imports StrataDomain (domain, rank 2)."

    /// Rewrites the cached report so a run that uses it says `PLANTED` instead of ``message``.
    static func plant(in folder: URL) throws {
        let file = LayeringCheck.defaultCacheFile(root: folder)
        let record = try String(contentsOf: file, encoding: .utf8)
        #expect(record.contains(message))
        try record.replacingOccurrences(of: message, with: "PLANTED").write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("a second run uses the cache; an edited, added or removed Swift file, the policy or the manifest makes it check again")
    func invalidation() async throws {
        let folder = try CheckLayersTool.copy(fixture: "layer-rank")
        let policy = folder.appendingPathComponent("policy.json")
        try FileManager.default.copyItem(at: LayerPolicy.repositoryRoot.appendingPathComponent("layers.json"), to: policy)
        let options = CheckLayersTool.arguments(root: folder, policy: policy)
        func run() async throws -> String { try await CheckLayersTool.run(options).stdout }

        let first = try await run()
        #expect(first.contains(Self.message))
        try Self.plant(in: folder)
        #expect(try await run().contains("PLANTED"), "an unchanged package uses the cache")
        #expect(try await CheckLayersTool.run(options + ["--no-cache"]).stdout == first, "--no-cache checks from scratch")

        // A Swift file edited (same size: only its time changes).
        let store = folder.appendingPathComponent("Modules/Data/Store.swift")
        let text = try String(contentsOf: store, encoding: .utf8)
        try text.write(to: store, atomically: false, encoding: .utf8)
        #expect(try await run() == first)

        // A Swift file added.
        try Self.plant(in: folder)
        let added = folder.appendingPathComponent("Modules/Data/Added.swift")
        try "import StrataMicroAppsThatDoNotExist\n".write(to: added, atomically: true, encoding: .utf8)
        #expect(!(try await run()).contains("PLANTED"))
        try Self.plant(in: folder)
        try FileManager.default.removeItem(at: added)
        #expect(try await run() == first, "a Swift file removed")

        // The policy and the manifest, each changed by one space.
        try Self.plant(in: folder)
        try (try String(contentsOf: policy, encoding: .utf8) + " ").write(to: policy, atomically: true, encoding: .utf8)
        #expect(try await run() == first, "a changed policy")
        try Self.plant(in: folder)
        let manifest = folder.appendingPathComponent("package.json")
        try (try String(contentsOf: manifest, encoding: .utf8) + " ").write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try await run() == first, "a changed manifest")
    }

    @Test("the cache's record of the tree never follows a link to a folder holding the package (/, ..), and ends on loops")
    func recordStaysInsideThePackage() throws {
        let root = try LinkedPackage.make(
            "layers-cache-links", folder: "Sources/Core",
            links: [("disk", "/"), ("above", "../../.."), ("package", "../.."), ("loop", ".")]
        )
        let snapshot = try #require(TreeStamp.snapshot(of: root, listing: [""]))
        let paths = snapshot.split(separator: "\n").map { line in
            line.firstIndex(of: " ").map { String(line[line.index(after: $0)...]) } ?? ""
        }
        #expect(paths == ["", "Sources", "Sources/Core", "Sources/Core/A.swift"])
        #expect(TreeStamp.isUnchanged(snapshot, root: root, listing: [""]))
    }

    @Test("a cached report keeps every field of every violation (a field added to Violation must be cached too)")
    func recordKeepsEveryField() throws {
        let violation = Violation(
            rule: .directDependency, path: "Sources/App/a.swift", line: 7, message: "m", why: "w", fix: "f", target: "App",
            subject: "Logging"
        )
        #expect(Mirror(reflecting: violation).children.count == 8, "Violation gained a field: add it to CachedReport")
        let report = LayeringReport(violations: [violation], targetCount: 3, fileCount: 4)
        let data = try JSONEncoder().encode(CachedReport(report))
        let back = try #require(try JSONDecoder().decode(CachedReport.self, from: data).report)
        #expect(back.violations == [violation] && back.targetCount == 3 && back.fileCount == 4)
    }

    @Test("a changed baseline applies without a new check; --cache-path moves the record (an unwritable one is a warning); --no-cache writes none")
    func baselineAndPaths() async throws {
        let folder = try CheckLayersTool.copy(fixture: "layer-rank")
        let options = CheckLayersTool.arguments(root: folder)
        _ = try await CheckLayersTool.run(options)
        try Self.plant(in: folder)
        _ = try await CheckLayersTool.run(options + ["--write-baseline"])
        let baseline = try String(contentsOf: folder.appendingPathComponent("layers-baseline.json"), encoding: .utf8)
        #expect(baseline.contains("PLANTED"), "--write-baseline used the cached report")
        let accepted = try await CheckLayersTool.run(options)
        #expect(accepted.status == 0, "\(accepted)")

        let elsewhere = TemporaryRoot.directory("layers-cache").appendingPathComponent("record.json")
        _ = try await CheckLayersTool.run(options + ["--cache-path", elsewhere.path])
        #expect(FileManager.default.fileExists(atPath: elsewhere.path))

        // A cache that cannot be written (its folder is a file): the same answer, and a warning
        // naming the file, not silence.
        let blockerFolder = TemporaryRoot.directory("layers-cache-blocked")
        try FileManager.default.createDirectory(at: blockerFolder, withIntermediateDirectories: true)
        let blocker = blockerFolder.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let blocked = try await CheckLayersTool.run(options + ["--cache-path", blocker.appendingPathComponent("record.json").path])
        #expect(blocked.status == accepted.status && blocked.stdout == accepted.stdout, "\(blocked)")
        #expect(
            blocked.stderr.contains("warning: cannot keep the cache in \(blocker.path)/record.json")
                && blocked.stderr.contains("the next run checks from scratch"), "\(blocked)")

        let fresh = try CheckLayersTool.copy(fixture: "clean")
        _ = try await CheckLayersTool.run(CheckLayersTool.arguments(root: fresh) + ["--no-cache"])
        #expect(!FileManager.default.fileExists(atPath: LayeringCheck.defaultCacheFile(root: fresh).path))
    }

    @Test("with Package.swift unchanged the second run does not run swift package dump-package (no swift on PATH)")
    func noDumpWhenUnchanged() async throws {
        let folder = TemporaryRoot.directory("layers-cache-manifest")
        let sources = folder.appendingPathComponent("Sources/Core")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Tiny", targets: [.target(name: "Core")])
            """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public struct Core {}\n".write(to: sources.appendingPathComponent("Core.swift"), atomically: true, encoding: .utf8)
        try #"{"layers": [{"name": "core", "rank": 0, "modules": ["Core"]}]}"#
            .write(to: folder.appendingPathComponent("layers.json"), atomically: true, encoding: .utf8)
        let arguments = ["--package-path", folder.path]
        let first = try await CheckLayersTool.run(arguments)
        #expect(first.status == 0, "\(first)")
        let noSwift = StrataProcess("strata-check-layers", home: nil, extraEnvironment: ["PATH": "/nonexistent"])
        let cached = try await noSwift.run(arguments, timeout: 60)
        #expect(cached.status == 0 && cached.stdout == first.stdout, "\(cached)")
        // Touching the manifest's bytes needs SwiftPM again: without swift on PATH, that run fails.
        try (try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) + "\n")
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let changed = try await noSwift.run(arguments, timeout: 60)
        #expect(changed.status == 65 && changed.stderr.contains("swift package dump-package"), "\(changed)")
    }
}
