import Foundation
import StrataLayering  // not @testable: only what another package's tests can use
import Testing

/// `LayeringCheck.run` from a Swift Testing suite, exactly as another package's test target
/// uses it (the example in the DocC catalog): one call on a real `Package.swift`,
/// `#expect(report.isClean, "\(report)")`.
@Suite("The library from another package's tests: LayeringCheck.run and an #expect-friendly report")
struct LayeringCheckAPITests {
    /// A package `Tiny` in a fresh folder: `Core` (layer core, rank 0) and `App` (layer app,
    /// rank 1) depending on it; `Core.swift` holds `coreSource`.
    static func package(coreSource: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layering-api-\(UUID().uuidString)")
        for target in ["Core", "App"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Sources/\(target)"), withIntermediateDirectories: true
            )
        }
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Tiny", targets: [
                .target(name: "Core"),
                .target(name: "App", dependencies: ["Core"]),
            ])
            """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try coreSource.write(to: root.appendingPathComponent("Sources/Core/Core.swift"), atomically: true, encoding: .utf8)
        try "import Core\npublic struct App {}\n"
            .write(to: root.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        try #"{"layers": [{"name": "core", "rank": 0, "modules": ["Core"]}, {"name": "app", "rank": 1, "modules": ["App"]}]}"#
            .write(to: root.appendingPathComponent("layers.json"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("a clean package: isClean, and the summary says so")
    func cleanPackage() throws {
        let root = try Self.package(coreSource: "public struct Core {}\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try LayeringCheck.run(packageAt: root)
        #expect(report.isClean, "\(report)")
        #expect(report.summary == "No layering violations in 2 targets, 2 Swift files.")
    }

    @Test("a package that breaks the rule: the report counts by rule and prints like the tool; a baseline accepts it")
    func brokenPackage() throws {
        let root = try Self.package(coreSource: "import App\npublic struct Core {}\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try LayeringCheck.run(packageAt: root)
        #expect(!report.isClean)
        #expect(report.counts[.layerRank] == 1)
        let text = "\(report)"
        #expect(text.contains("Sources/Core/Core.swift:1: [layer-rank] Core (core, rank 0) imports App (app, rank 1)."))
        #expect(text.components(separatedBy: "  Why: Layers are stacked").count == 2)
        #expect(text.hasSuffix(report.summary + "\n"))

        // The package adopts a baseline: the same call now reports nothing new.
        try Baseline(report.violations).encoded().write(to: root.appendingPathComponent("layers-baseline.json"))
        let again = try LayeringCheck.run(packageAt: root)
        #expect(again.isClean, "\(again)")
        #expect(again.baseline?.baselined.count == report.violations.count && again.staleBaselineEntries.isEmpty)
    }
}
