import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Other packages' products: a product provides the modules of the targets it lists, chains
/// of dependencies cross into the packages that offer them, fixes name the exact
/// `.product(name:package:)` with the package's identity, and toolchain and SDK modules need no
/// policy entry. The fixture `other-packages` carries its dependency packages' dump-package JSON
/// in `dependencies/` (what `--dependencies-json` reads); one test resolves real local packages.
@Suite("Other packages' products: modules, chains across packages, exact fixes, toolchain modules")
struct OtherPackagesTests {
    private static let fixture = Fixture.folder.appendingPathComponent("other-packages", isDirectory: true)

    /// The fixture's package with its dependency packages read from `dependencies/`.
    private func package() throws -> PackageModel {
        var package = try Fixture.package("other-packages")
        package.dependencyPackages = try DependencyPackages.load(
            folder: Self.fixture.appendingPathComponent("dependencies"), named: "dependencies"
        )
        return package
    }

    private func violations() throws -> [Violation] {
        try LayeringChecker(
            package: try package(), policy: try LayerPolicy.load(from: Self.fixture.appendingPathComponent("layers.json")),
            root: Self.fixture, manifestPath: "package.json"
        ).check()
    }

    @Test("a product provides the modules of the targets it lists: a -dynamic product, a product of two targets")
    func productsMapToModules() throws {
        let package = try package()
        #expect(package.dependencyPackages.map(\.identity) == ["base", "dep"])
        #expect(package.packageDependencies == ["dep"])
        #expect(package.modules(providedBy: .product(name: "Dep-dynamic", package: "dep")) == ["DepCore"])
        #expect(package.modules(providedBy: .byName("DepTools")) == ["DepA", "DepB"])
        let app = try #require(package.target(named: "App"))
        #expect(package.declaredModules(of: app) == ["DepCore"])
        // Without the dependency packages a product still provides one module of its own name.
        #expect(try Fixture.package("other-packages").modules(providedBy: .byName("DepTools")) == ["DepTools"])
    }

    @Test("importing a declared product's module passes; the rest get the exact product line, toolchain modules none")
    func exactFixes() throws {
        let found = try violations()
        #expect(found.map(\.location) == [
            "direct-dependency Sources/App/App.swift:2", "direct-dependency Sources/App/App.swift:3",
            "direct-dependency Sources/App/App.swift:4",
        ])
        let depA = found[1]
        #expect(depA.message == "App imports DepA, which its target does not declare.")
        #expect(depA.fix.hasPrefix(
            #"Declare it: add .product(name: "DepTools", package: "dep") to the dependencies of target "App""#
        ))
    }

    @Test("the reachable-only chain follows products into other packages, and the fix adds the missing package")
    func chainCrossesPackages() throws {
        let baseNet = try #require(try violations().first)
        #expect(baseNet.message == "App imports BaseNet, which its target does not declare: it is only reachable "
            + "(App → Dep-dynamic (dep) → DepCore (dep) → BaseNet (base)), and reachable is not permission.")
        #expect(baseNet.fix.contains(
            #"to the package's dependencies and add .product(name: "BaseNet", package: "base") to the dependencies of target "App""#
        ))
        #expect(baseNet.fix.hasSuffix("Or get what you need through the public API of Dep-dynamic (dep), which you already declare."))
    }

    @Test("a module only an internal target of another package builds cannot be declared: the fix says so")
    func internalModuleOfAnotherPackage() throws {
        let cBase = try #require(try violations().last)
        #expect(cBase.message.contains("(App → Dep-dynamic (dep) → DepCore (dep) → BaseNet (base) → CBase (base))"))
        #expect(cBase.fix == "CBase is internal to package base: no product of it offers CBase, so no target outside it "
            + "may declare it. Get what you need through the public API of Dep-dynamic (dep), which you already declare, "
            + "or remove the import.")
    }

    @Test("toolchain and SDK modules of every platform need no policy entry, unless a package builds a module of that name")
    func toolchainModules() throws {
        // Builtin: the compiler's own module (swift-collections, -enable-builtin-module); XcodeProjectPlugin: a
        // plugin's Xcode API beside PackagePlugin (swift-openapi-generator's build-tool plugin).
        for module in [
            "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "UIKit", "WinSDK", "Synchronization", "Builtin",
            "PackagePlugin", "XcodeProjectPlugin",
        ] {
            #expect(ToolchainModules.contains(module), "\(module)")
        }
        #expect(!ToolchainModules.contains("NIOCore"))
        func target(_ name: String) -> PackageModel.Target {
            PackageModel.Target(
                name: name, kind: .regular, path: "Sources/\(name)", sources: nil, exclude: [], dependencies: [],
                upcomingFeatures: [], languageMode: nil
            )
        }
        let folder = TemporaryRoot.directory("toolchain-modules")
        for (name, text) in [("Core", "import Glibc\nimport CryptoKit\nimport FoundationEssentials\n"), ("FoundationEssentials", "")] {
            let sources = folder.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: sources.appendingPathComponent("File.swift"))
        }
        let package = PackageModel(name: "Sketch", targets: [target("Core"), target("FoundationEssentials")])
        let json = #"{"layers": [{"name": "all", "rank": 0, "modules": ["Core", "FoundationEssentials"]}]}"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("layers.json"))
        let loaded = try LayerPolicy.load(from: folder.appendingPathComponent("layers.json"))
        let found = try LayeringChecker(package: package, policy: loaded, root: folder).check()
        // The package builds its own FoundationEssentials: importing it undeclared is still a finding.
        #expect(found.map(\.location) == ["direct-dependency Sources/Core/File.swift:3"])
    }

    @Test("the identity SwiftPM expects is the last URL or path component, lowercased, without .git")
    func identities() {
        #expect(DependencyPackage.identity(ofLocation: "https://github.com/groue/GRDB.swift.git") == "grdb.swift")
        #expect(DependencyPackage.identity(ofLocation: "https://github.com/apple/swift-nio") == "swift-nio")
        #expect(DependencyPackage.identity(ofLocation: "/tmp/packages/Dep") == "dep")
        #expect(DependencyPackage.relativePath("/tmp/packages/Base", from: "/tmp/packages/App") == "../Base")
    }

    @Test("the workspace state SwiftPM wrote gives each dependency package's folder")
    func workspaceState() throws {
        let root = TemporaryRoot.directory("workspace-state")
        let checkout = root.appendingPathComponent(".build/checkouts/swift-nio")
        let local = root.appendingPathComponent("Local")
        for folder in [checkout, local] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.0\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
        }
        let state = """
            {"object": {"artifacts": [], "dependencies": [
              {"basedOn": null, "packageRef": {"identity": "swift-nio", "kind": "remoteSourceControl",
               "location": "https://github.com/apple/swift-nio", "name": "swift-nio"},
               "state": {"checkoutState": {"revision": "abc", "version": "2.101.3"}, "name": "sourceControlCheckout"},
               "subpath": "swift-nio"},
              {"basedOn": null, "packageRef": {"identity": "local", "kind": "fileSystem", "location": "\(local.path)",
               "name": "Local"}, "state": {"name": "fileSystem", "path": "\(local.path)"}, "subpath": "local"},
              {"basedOn": null, "packageRef": {"identity": "gone", "kind": "fileSystem", "location": "/nowhere",
               "name": "Gone"}, "state": {"name": "fileSystem", "path": "/nowhere"}, "subpath": "gone"}
            ]}, "version": 7}
            """
        try Data(state.utf8).write(to: root.appendingPathComponent(".build/workspace-state.json"))
        let locations = DependencyPackages.workspaceState(root: root, scratch: root.appendingPathComponent(".build"))
        #expect(locations == [
            .init(identity: "swift-nio", location: "https://github.com/apple/swift-nio", path: checkout.path),
            .init(identity: "local", location: local.path, path: local.path),
        ])
    }

    @Test("a dependency package's description is kept under a key of its manifests; a new manifest replaces it")
    func dumpCache() throws {
        let root = TemporaryRoot.directory("dump-cache")
        let dep = root.appendingPathComponent("Dep")
        try FileManager.default.createDirectory(at: dep, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: dep.appendingPathComponent("Package.swift"))
        let cache = DependencyPackages.DumpCache(folder: root.appendingPathComponent("cache"))
        let location = DependencyPackages.Location(identity: "dep", location: dep.path, path: dep.path)
        let first = cache.key(of: location)
        #expect(cache.load(location, key: first) == nil)
        cache.store(Data("one".utf8), for: location, key: first)
        #expect(cache.load(location, key: first) == Data("one".utf8))
        #expect(cache.key(of: location) == first)
        try Data("// swift-tools-version:6.1\n".utf8).write(to: dep.appendingPathComponent("Package.swift"))
        let second = cache.key(of: location)
        #expect(second != first)
        cache.store(Data("two".utf8), for: location, key: second)
        #expect(cache.load(location, key: first) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path) == ["dep-\(second).json"])
    }

    @Test("dump-package's products and package dependencies of every kind are read")
    func readsProductsAndPackageDependencies() throws {
        let json = #"""
            {
              "name" : "Sample",
              "dependencies" : [
                { "sourceControl" : [ { "identity" : "swift-nio", "location" : { "remote" : [ { "urlString" : "https://github.com/apple/swift-nio" } ] },
                  "productFilter" : null, "requirement" : { "range" : [ { "lowerBound" : "2.0.0", "upperBound" : "3.0.0" } ] } } ] },
                { "fileSystem" : [ { "identity" : "dep", "path" : "/packages/Dep", "productFilter" : null } ] },
                { "registry" : [ { "identity" : "scope.name", "requirement" : { "exact" : [ "1.0.0" ] } } ] },
                { "somethingNew" : { } }
              ],
              "products" : [ { "name" : "Sample-dynamic", "targets" : [ "Sample", "SampleCore" ], "type" : { "library" : [ "dynamic" ] } } ],
              "targets" : [ ]
            }
            """#
        let package = try PackageModel(dumpJSON: Data(json.utf8), source: "the sample")
        #expect(package.packageDependencies == ["swift-nio", "dep", "scope.name"])
        #expect(package.products == [PackageModel.Product(name: "Sample-dynamic", targets: ["Sample", "SampleCore"])])
    }

    @Test("SwiftPM's scratch folder is found above the cache folder (a plugin run with --scratch-path), else .build")
    func scratchFolders() {
        let root = URL(fileURLWithPath: "/work/App")
        let cache = URL(fileURLWithPath: "/scratch/plugins/CheckLayers/outputs/dependencies")
        let folders = DependencyPackages.scratchFolders(root: root, near: cache).map(\.path)
        #expect(folders.contains("/scratch"))
        #expect(folders.firstIndex(of: "/scratch") ?? .max < folders.firstIndex(of: "/work/App/.build") ?? .max)
        #expect(DependencyPackages.scratchFolders(root: root, near: nil).map(\.path) == ["/work/App/.build"])
    }

    @Test("looking targets up stays a dictionary look-up on 10,000 targets")
    func lookupsScale() {
        let targets = (0..<10_000).map { index in
            PackageModel.Target(
                name: "Module-\(index)", kind: .regular, path: "Sources/Module-\(index)", sources: nil, exclude: [],
                dependencies: [], upcomingFeatures: [], languageMode: nil
            )
        }
        var package = PackageModel(name: "Large", targets: targets)
        let clock = ContinuousClock()
        var found = 0
        let elapsed = clock.measure {
            for index in 0..<10_000 where package.target(forModule: "Module_\(index)") != nil && package.target(named: "Module-\(index)") != nil {
                found += 1
            }
        }
        #expect(found == 10_000)
        #expect(elapsed < .seconds(1), "20,000 look-ups took \(elapsed)")
        package.targets.append(package.targets[0])
        package.targets[10_000].name = "Added"
        #expect(package.target(named: "Added")?.path == "Sources/Module-0")
        #expect(package.target(forModule: "Module_0")?.name == "Module-0")
    }
}
