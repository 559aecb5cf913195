import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Reading `swift package dump-package` JSON, and what the checker derives from it.
@Suite("Package description: dump-package JSON and declared dependencies")
struct PackageModelTests {
    /// Shapes copied from SwiftPM 6's dump-package output, trimmed.
    private let json = #"""
        {
          "name" : "Sample",
          "products" : [ { "name" : "tool", "targets" : [ "tool" ], "type" : { "executable" : null } } ],
          "targets" : [
            {
              "name" : "Core", "type" : "regular", "path" : "Modules/Core", "exclude" : [ "Notes" ],
              "dependencies" : [ { "product" : [ "Logging", "swift-log", null, null ] } ],
              "settings" : [
                { "tool" : "swift", "kind" : { "enableUpcomingFeature" : { "_0" : "ExistentialAny" } } },
                { "tool" : "swift", "kind" : { "unsafeFlags" : { "_0" : [ "-Onone" ] } } },
                { "tool" : "swift", "kind" : { "swiftLanguageMode" : { "_0" : "5" } } },
                { "condition" : { "platformNames" : [ "linux" ] }, "tool" : "swift",
                  "kind" : { "enableUpcomingFeature" : { "_0" : "MemberImportVisibility" } } },
                { "tool" : "c", "kind" : { "define" : { "_0" : "DEBUG" } } }
              ]
            },
            {
              "name" : "tool", "type" : "executable",
              "dependencies" : [
                { "byName" : [ "Core", null ] },
                { "target" : [ "Helpers", { "platformNames" : [ "linux" ] } ] },
                { "byName" : [ "ArgumentParser", null ] }
              ],
              "settings" : [ ]
            },
            { "name" : "Helpers", "type" : "regular", "path" : "Modules/Helpers", "dependencies" : [ ] },
            { "name" : "toolTests", "type" : "test", "dependencies" : [ { "byName" : [ "tool", null ] } ] }
          ]
        }
        """#

    private func sample() throws -> PackageModel {
        try PackageModel(dumpJSON: Data(json.utf8), source: "the sample")
    }

    @Test("targets, kinds, paths and excludes are read, with SwiftPM's default paths")
    func readsTargets() throws {
        let package = try sample()
        #expect(package.targets.map(\.name) == ["Core", "tool", "Helpers", "toolTests"])
        #expect(package.targets.map(\.kind) == [.regular, .executable, .regular, .test])
        #expect(package.targets.map(\.path) == ["Modules/Core", "Sources/tool", "Modules/Helpers", "Tests/toolTests"])
        #expect(package.targets[0].exclude == ["Notes"])
        #expect(package.target(named: "tool")?.moduleName == "tool")
        #expect(PackageModel.moduleName(ofTarget: "strata-host") == "strata_host")
    }

    @Test("byName, target and product dependencies are read; conditional ones still count")
    func readsDependencies() throws {
        let tool = try #require(try sample().target(named: "tool"))
        #expect(tool.dependencies == [.byName("Core"), .target("Helpers"), .byName("ArgumentParser")])
        let core = try #require(try sample().target(named: "Core"))
        #expect(core.dependencies == [.product(name: "Logging", package: "swift-log")])
    }

    @Test("only unconditional upcoming features count, and the language mode is read")
    func readsSettings() throws {
        let core = try #require(try sample().target(named: "Core"))
        #expect(core.upcomingFeatures == ["ExistentialAny"])
        #expect(core.languageMode == "5")
        #expect(try sample().target(named: "tool")?.languageMode == nil)
    }

    @Test("declared modules map targets to modules and products to their modules")
    func declaredModules() throws {
        let package = try sample()
        let tool = try #require(package.target(named: "tool"))
        #expect(package.declaredModules(of: tool) == ["Core", "Helpers", "ArgumentParser"])
        let tests = try #require(package.target(named: "toolTests"))
        #expect(package.declaredModules(of: tests) == ["tool"])
    }

    @Test("a reachable but undeclared module is explained by its dependency chain")
    func dependencyChain() throws {
        let package = try sample()
        let tests = try #require(package.target(named: "toolTests"))
        #expect(package.dependencyChain(from: tests, to: "Logging") == ["toolTests", "tool", "Core", "Logging"])
        #expect(package.dependencyChain(from: tests, to: "Unknown") == nil)
        #expect(package.manifestSpelling(ofModule: "Logging") == #".product(name: "Logging", package: "swift-log")"#)
        #expect(package.manifestSpelling(ofModule: "Helpers") == #""Helpers""#)
    }

    @Test("JSON that is not a package description is a clear error naming its source")
    func malformedJSONIsAClearError() {
        #expect {
            try PackageModel(dumpJSON: Data(#"{"name": "x"}"#.utf8), source: "Fixtures/broken/package.json")
        } throws: { error in
            "\(error)" == "Fixtures/broken/package.json: not a package description in `swift package dump-package` "
                + "shape (the top level: missing key targets)"
        }
    }

    @Test("a target's manifest line is its name: line, or the line where a helper call takes the name first")
    func manifestLines() throws {
        let folder = TemporaryRoot.directory("manifest-lines")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = """
            products: [.executable(name: "tool", targets: ["tool"])],
            targets: [
                .target(
                    name: "Core",
                    dependencies: [.product(name: "Logging", package: "swift-log")]),
                module("Helpers", "Modules/Helpers", ["Core"]),
                executable(
                    "tool", "Hosts/tool",
                    ["Core", "Helpers"]
                ),
            ]
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let lines = ManifestLines(root: folder, manifestPath: "Package.swift")
        #expect(lines.line(ofTarget: "Core") == 4)
        #expect(lines.line(ofTarget: "Helpers") == 6)
        #expect(lines.line(ofTarget: "tool") == 8)
        #expect(lines.line(ofTarget: "Logging") == 5)
        #expect(lines.line(ofTarget: "Missing") == 1)
    }
}
