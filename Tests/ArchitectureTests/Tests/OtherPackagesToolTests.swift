import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Other packages' products through the built `strata-check-layers`: given as
/// `--dependencies-json`, and read from SwiftPM's own resolution of real local packages
/// (`.package(path:)`, each run costing a few `swift package` calls, so few tests).
@Suite("Other packages' products through the executable: --dependencies-json and SwiftPM's resolution")
struct OtherPackagesToolTests {
    /// Runs the tool on the `other-packages` fixture, against its own `layers.json`, with `extra` options.
    private func runFixture(_ extra: [String]) async throws -> StrataProcess.Outcome {
        let root = Fixture.folder.appendingPathComponent("other-packages")
        return try await CheckLayersTool.run(
            CheckLayersTool.arguments(root: root, policy: root.appendingPathComponent("layers.json")) + extra
        )
    }

    @Test("--dependencies-json gives the dependency packages; a missing folder, or one without --package-json, is one line")
    func dependenciesJSON() async throws {
        let outcome = try await runFixture(["--dependencies-json", "dependencies", "--format", "json"])
        #expect(outcome.status == 1, "\(outcome)")
        let document = try JSONReportDocument.parse(outcome.stdout)
        #expect(document.violations.map(\.subject) == ["BaseNet", "DepA", "CBase"])
        #expect(document.violations[1].fix.contains(#".product(name: "DepTools", package: "dep")"#))

        let missing = try await runFixture(["--dependencies-json", "nowhere"])
        #expect(missing.status == 65)
        #expect(missing.stderrLines.count == 1)
        #expect(missing.stderr.contains("--dependencies-json nowhere: no such folder"), "\(missing)")

        let alone = try await CheckLayersTool.run(["--package-path", Fixture.folder.path, "--dependencies-json", "x"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--dependencies-json goes with --package-json"), "\(alone)")
    }

    /// `App` depends on `../Dep` (manifest name `DepKit`, identity `dep`), whose `DepCore` depends
    /// on `../Base`'s product `BaseNet`; `App` declares only the product `Dep-dynamic`.
    private func makePackages() throws -> URL {
        let folder = TemporaryRoot.directory("other-packages")
        let files: [String: String] = [
            "Base/Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "Base", products: [.library(name: "BaseNet", targets: ["BaseNet"])],
                    targets: [.target(name: "BaseNet")])
                """,
            "Base/Sources/BaseNet/BaseNet.swift": "public let base = 1\n",
            "Dep/Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "DepKit",
                    products: [
                        .library(name: "Dep-dynamic", type: .dynamic, targets: ["DepCore"]),
                        .library(name: "DepTools", targets: ["DepA", "DepB"]),
                    ],
                    dependencies: [.package(path: "../Base")],
                    targets: [
                        .target(name: "DepCore", dependencies: [.product(name: "BaseNet", package: "base")]),
                        .target(name: "DepA"), .target(name: "DepB"),
                    ])
                """,
            "Dep/Sources/DepCore/DepCore.swift": "public let core = 1\n",
            "Dep/Sources/DepA/DepA.swift": "public let a = 1\n",
            "Dep/Sources/DepB/DepB.swift": "public let b = 1\n",
            "App/Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(
                    name: "App", dependencies: [.package(path: "../Dep")],
                    targets: [.target(name: "App", dependencies: [.product(name: "Dep-dynamic", package: "dep")])])
                """,
            "App/Sources/App/App.swift": "import DepCore\nimport BaseNet\nimport DepA\nimport Foundation\n",
            "App/layers.json": #"{"layers": [{"name": "app", "rank": 0, "modules": ["App"]}]}"#,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test("SwiftPM's resolution of real local packages: products map to modules, chains and fixes cross packages")
    func realResolution() async throws {
        let folder = try makePackages()
        let app = folder.appendingPathComponent("App")
        let cache = folder.appendingPathComponent("cache/cache.json")
        let outcome = try await CheckLayersTool.run(["--package-path", app.path, "--cache-path", cache.path, "--format", "json"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.isEmpty, "\(outcome)")
        let document = try JSONReportDocument.parse(outcome.stdout)
        #expect(document.violations.map(\.subject) == ["BaseNet", "DepA"])
        let baseNet = try #require(document.violations.first)
        #expect(baseNet.message.contains("(App → Dep-dynamic (dep) → DepCore (dep) → BaseNet (base))"))
        #expect(baseNet.fix.hasPrefix(
            #"Declare it: add `.package(path: "../Base")` to the package's dependencies and add "#
                + #".product(name: "BaseNet", package: "base") to the dependencies of target "App""#
        ))
        #expect(document.violations.last?.fix.contains(#".product(name: "DepTools", package: "dep")"#) == true)
        // Each dependency package's description is kept for the next run, under a key of its manifest.
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/dependencies").path)
        #expect(Set(kept.map { String($0.split(separator: "-").first ?? "") }) == ["base", "dep"], "\(kept)")
    }

    @Test("a dependency package SwiftPM cannot read is a warning naming it, and the check goes on")
    func unreadableDependency() async throws {
        let folder = try makePackages()
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(\n".utf8)
            .write(to: folder.appendingPathComponent("Base/Package.swift"))
        let outcome = try await CheckLayersTool.run(["--package-path", folder.appendingPathComponent("App").path, "--no-cache"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-check-layers: warning: cannot read the dependency packages ("), "\(outcome)")
        #expect(outcome.stderr.contains("products of other packages are taken to provide one module named like the product"))
    }

    @Test("a package the workspace state lists whose manifest SwiftPM cannot read is a warning naming it; the others are read")
    func unreadablePackageOfTheWorkspaceState() async throws {
        let folder = try makePackages()
        let app = folder.appendingPathComponent("App")
        // What `swift package resolve` writes for two local packages (version 7).
        let entries = ["base", "dep"].map { name in
            let path = folder.appendingPathComponent(name == "base" ? "Base" : "Dep").path
            return #"{"basedOn": null, "packageRef": {"identity": "\#(name)", "kind": "fileSystem", "location": "\#(path)", "#
                + #""name": "\#(name)"}, "state": {"name": "fileSystem", "path": "\#(path)"}, "subpath": "\#(name)"}"#
        }
        let state = #"{"object": {"artifacts": [], "dependencies": ["# + entries.joined(separator: ", ") + #"]}, "version": 7}"#
        try FileManager.default.createDirectory(at: app.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try Data(state.utf8).write(to: app.appendingPathComponent(".build/workspace-state.json"))
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(\n".utf8)
            .write(to: folder.appendingPathComponent("Base/Package.swift"))
        let outcome = try await CheckLayersTool.run(["--package-path", app.path, "--no-cache", "--format", "json"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-check-layers: warning: dependency package base not read ("), "\(outcome)")
        #expect(outcome.stderr.contains("/Base/Package.swift:4:1: error: expected expression"), "\(outcome)")
        #expect(outcome.stderr.contains("; its products are taken to provide one module named like the product"))
        // Dep was read: its -dynamic product provides DepCore, and DepA comes with DepTools.
        let document = try JSONReportDocument.parse(outcome.stdout)
        #expect(document.violations.map(\.subject) == ["BaseNet", "DepA"])
        #expect(document.violations[1].fix.contains(#".product(name: "DepTools", package: "dep")"#))
    }
}
