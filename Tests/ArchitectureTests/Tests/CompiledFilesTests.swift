import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The checker reads exactly the Swift files SwiftPM compiles: not documentation catalogs,
/// resource folders, excluded or hidden files; but every default layout, plugin and linked folder.
@Suite("Compiled files: the checker scans what SwiftPM compiles, and nothing else")
struct CompiledFilesTests {
    /// The fixture's findings of `rules` only (another rule may see the planted edges too).
    private func findings(_ name: String, _ rules: Set<Rule>) throws -> [String] {
        try Fixture.violations(name).filter { rules.contains($0.rule) }.map(\.location)
    }

    @Test("Swift files in .docc catalogs, .process/.copy resources, excluded, hidden and asset folders are not scanned")
    func filesSwiftPMNeverCompilesAreNotScanned() throws {
        #expect(try findings("unscanned-files", [.layerRank, .directDependency]) == [
            "layer-rank Modules/Data/Store.swift:3",
        ])
        let target = try #require(try Fixture.package("unscanned-files").target(named: "StrataData"))
        #expect(target.resources == ["Resources", "Seeds"])
        let root = Fixture.folder.appendingPathComponent("unscanned-files")
        #expect(SourceFiles.swiftFiles(of: target, root: root) == ["Modules/Data/Store.swift"])
    }

    @Test("a package laid out under src/, its tests there too, and a plugin at Plugins/<name> are scanned")
    func defaultLayoutsAndPluginsAreScanned() throws {
        #expect(try findings("default-layout", [.layerRank, .directDependency, .emptyTarget]) == [
            "layer-rank Plugins/CheckLayers/Plugin.swift:3",
            "layer-rank src/StrataCrossCutting/Clock.swift:2",
            "direct-dependency src/StrataDataTests/StoreTests.swift:3",
        ])
        let root = Fixture.folder.appendingPathComponent("default-layout")
        let package = try Fixture.package("default-layout").resolvingDefaultPaths(root: root)
        #expect(package.targets.map(\.path) == [
            "src/StrataCrossCutting", "src/StrataData", "src/StrataDomain", "Plugins/CheckLayers", "src/StrataDataTests",
        ])
    }

    @Test("SwiftPM's predefined folders: Sources before Source, src and srcs; Tests first for tests; Plugins for plugins")
    func predefinedFoldersInSwiftPMOrder() throws {
        let root = TemporaryRoot.directory("layers-layout")
        for folder in ["Source/Core", "srcs/Core", "Tests/CoreTests", "Source/CoreTests"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func folder(_ name: String, _ kind: PackageModel.Kind) -> String {
            var target = PackageModel.Target(
                name: name, kind: kind, path: "unused", sources: nil, exclude: [], dependencies: [], upcomingFeatures: [],
                languageMode: nil
            )
            target.hasDefaultPath = true
            return SourceLayout.folder(of: target, root: root)
        }
        #expect(folder("Core", .regular) == "Source/Core")
        #expect(folder("Core", .macro) == "Source/Core")
        #expect(folder("CoreTests", .test) == "Tests/CoreTests")
        #expect(folder("Build", .plugin) == "Plugins/Build")
    }

    @Test("a target folder that is a symbolic link, and a linked subfolder, are scanned")
    func symlinkedFoldersAreScanned() throws {
        #expect(try findings("symlinked-folders", [.layerRank, .directDependency]) == [
            "layer-rank Modules/CrossCutting/Clock.swift:2",
            "layer-rank Modules/Data/Generated/Schema.swift:2",
        ])
    }

    @Test("a symbolic link loop inside a target is read once and ends; a link above the package root is not followed")
    func symlinkLoopsEnd() throws {
        let root = try LinkedPackage.make(
            "layers-loop", folder: "Sources/Core/Inner", links: [("again", ".."), ("self", "."), ("up", "../../../..")]
        )
        var target = PackageModel.Target(
            name: "Core", kind: .regular, path: "Sources/Core", sources: nil, exclude: [], dependencies: [],
            upcomingFeatures: [], languageMode: nil
        )
        target.hasDefaultPath = true
        #expect(SourceFiles.swiftFiles(of: target, root: root) == ["Sources/Core/Inner/A.swift"])
    }

    @Test("a target with no source file is an empty-target finding on its manifest line; a C target is not")
    func emptyTargetsAreFindings() throws {
        let data = try Fixture.manifestLine(ofTarget: "StrataData", in: "empty-target")
        let domain = try Fixture.manifestLine(ofTarget: "StrataDomain", in: "empty-target")
        let violations = try Fixture.violations("empty-target").filter { $0.rule == .emptyTarget }
        #expect(violations.map(\.location) == [
            "empty-target package.json:\(data)", "empty-target package.json:\(domain)",
        ])
        #expect(violations.last?.message == "target StrataDomain (regular) has no source file in Sources/StrataDomain: "
            + "no import of it is checked.")
    }
}
