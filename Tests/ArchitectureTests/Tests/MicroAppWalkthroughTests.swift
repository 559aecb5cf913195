import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Docs/Walkthroughs-MicroApp.md cannot rot: its steps are applied to a copy of the repository,
/// the files they touch are counted, and the copy is checked the cheapest honest ways that the
/// new micro-app is wired: SwiftPM's view of the copy's package, the layering checker on it, and
/// the compiler type-checking the new module, strata-host's kit and the micro-app tests against
/// the modules `swift build --build-tests` built.
@Suite("Docs/Walkthroughs-MicroApp.md: a new micro-app is its folder, its test and two list lines")
struct MicroAppWalkthroughTests {
    /// The folders and files of the repository the copy holds (all the steps touch, and all a
    /// check reads).
    static let copied = ["Package.swift", "layers.json", "Modules", "Hosts", "Tests/MicroAppsTests"]

    /// Every step on the page, in order.
    static func steps() throws -> [Walkthrough.Step] { try Walkthrough.steps(of: "Docs/Walkthroughs-MicroApp.md") }

    @Test("the page has six steps: the micro-app's file and DocC page, its test, a line in Package.swift, an import and a line in HostRegistry")
    func sixSteps() throws {
        let steps = try Self.steps()
        #expect(steps.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(steps.map(\.path) == [
            "Modules/MicroApps/Hello/HelloApp.swift", "Modules/MicroApps/Hello/Documentation.docc/StrataHelloApp.md",
            "Tests/MicroAppsTests/HelloAppTests.swift", "Package.swift",
            "Modules/Kits/HostKit/Container/HostRegistry.swift", "Modules/Kits/HostKit/Container/HostRegistry.swift",
        ])
        #expect(steps.filter { $0.anchor != nil }.allSatisfy { $0.text.split(separator: "\n").count == 1 }, "one line each")
    }

    @Test("applied to a copy, the steps touch five files; the copy's package, layers, DocC check and compiler all see the new micro-app")
    func stepsWireTheMicroApp() async throws {
        let steps = try Self.steps()
        let copy = TemporaryRoot.directory("micro-app-walkthrough")
        defer { try? FileManager.default.removeItem(at: copy) }
        // Copying, comparing and scanning the repository take seconds of blocking work: off the pool.
        let touched = try await offThePool { () throws -> [String] in
            try Walkthrough.touchedFiles(copying: Self.copied, to: copy, applying: steps)
        }
        #expect(touched == [
            "Modules/Kits/HostKit/Container/HostRegistry.swift", "Modules/MicroApps/Hello/Documentation.docc/StrataHelloApp.md",
            "Modules/MicroApps/Hello/HelloApp.swift", "Package.swift", "Tests/MicroAppsTests/HelloAppTests.swift",
        ])
        #expect(touched.count <= 5, "adding a micro-app must touch at most five files: \(touched)")

        // SwiftPM's view: the one line in `microApps` makes the target and both dependencies on it.
        let package = try await PackageDumper.dump(packageAt: copy)
        let hello = try #require(package.target(named: "StrataHelloApp"))
        #expect(hello.path == "Modules/MicroApps/Hello" && hello.kind == .regular)
        #expect(Set(hello.dependencies.map(\.name)) == ["StrataContainer", "StrataCrossCutting"])
        #expect(package.target(named: "StrataHostKit")?.dependencies.map(\.name).contains("StrataHelloApp") == true)
        #expect(package.target(named: "StrataMicroAppsTests")?.dependencies.map(\.name).contains("StrataHelloApp") == true)

        // The layers: placed by layers.json's pattern (unchanged), its own group, no violation anywhere.
        let policy = try LayerPolicy.load(from: copy.appendingPathComponent("layers.json"))
        let placement = try #require(policy.placement(of: hello))
        #expect(placement.layer.name == "micro-apps" && placement.group == "hello" && placement.side == "client")
        ViolationReport.record(try await offThePool { try LayeringChecker(package: package, policy: policy, root: copy).check() })

        // Its DocC page (titled with its module, an abstract, links only to its public symbols),
        // and the generated micro-app table (scripts/update-docs) has its row without a hand edit.
        let generator = DocumentationGenerator(package: package, policy: policy, root: copy)
        let (pages, table) = try await offThePool { (try generator.catalogProblems(), try generator.text(of: .microApps)) }
        #expect(pages.filter { $0.contains("Hello") }.isEmpty, "\(pages.joined(separator: "\n"))")
        let row = table.split(separator: "\n").first { $0.contains("`StrataHelloApp`") }
        #expect(row?.contains("`strata://hello` (no keys)") == true, "\(table)")
        #expect(row?.contains("Hello: a greeting with today's date, from the host's clock.") == true, "\(table)")

        // The compiler: the new module, strata-host's kit with its registration line, and the
        // micro-app tests with the new test file, type-checked against the built modules.
        let modules = TemporaryRoot.directory("micro-app-walkthrough-modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: modules) }
        let compiler = try BuiltModules()
        try await compiler.run(
            like: "StrataLauncherApp", module: "StrataHelloApp", sources: copy, folder: hello.path, modules: modules,
            emitModule: true)
        try await compiler.run(
            like: "StrataHostKit", module: "StrataHostKit", sources: copy, folder: "Modules/Kits/HostKit", modules: modules)
        try await compiler.run(
            like: "StrataMicroAppsTests", module: "StrataMicroAppsTests", sources: copy, folder: "Tests/MicroAppsTests",
            modules: modules)
    }
}

/// The compiler as `swift build --build-tests` ran it for a target (its flags, search paths and
/// module maps, read from SwiftPM's build plan `.build/debug.yaml`), run again on other sources
/// to type-check them (or emit a module) without touching the build.
struct BuiltModules {
    /// The build plan's text.
    let plan: String

    /// Reads the build plan next to the built products.
    ///
    /// - Throws: when there is none (build with `swift build --build-tests` first).
    init() throws {
        let products = StrataProcess.productsDirectory
        let candidates = [
            products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("debug.yaml"),
            products.deletingLastPathComponent().appendingPathComponent("debug.yaml"),
        ]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw LayeringError("no SwiftPM build plan at \(candidates[0].path); run swift build --build-tests first")
        }
        plan = try String(contentsOf: found, encoding: .utf8)
    }

    /// The compiler command SwiftPM ran for `target`, without its sources and outputs.
    func arguments(of target: String) throws -> [String] {
        guard let key = plan.firstMatch(of: try Regex("\"C\\.\(target)-[^\"]*-debug\\.module\":")),
              let line = plan[key.range.upperBound...].firstMatch(of: /\n\s*args: (\[.*\])\n/) else {
            throw LayeringError("SwiftPM's build plan has no compile command for \(target)")
        }
        let all = try JSONDecoder().decode([String].self, from: Data(line.1.utf8))
        let flags: Set<String> = [
            "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
            "-parseable-output", "-emit-objc-header", "-g",
        ]
        let withValues: Set<String> = [
            "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-module-name",
        ]
        var kept: [String] = []
        var rest = all.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "-Xcc" || argument == "-Xfrontend" {
                kept += [argument] + (rest.popFirst().map { [$0] } ?? [])
            } else if withValues.contains(argument) {
                _ = rest.popFirst()
            } else if !flags.contains(argument) && !argument.hasPrefix("@") && !argument.hasPrefix("-j")
                && !argument.hasSuffix(".swift") {
                kept.append(argument)
            }
        }
        return [all.first ?? "swiftc"] + kept
    }

    /// Type-checks (or, with `emitModule`, compiles into `modules`) the Swift files under
    /// `folder` of `sources` as module `module`, with the flags SwiftPM used for `target` and
    /// `modules` searched first.
    ///
    /// - Throws: the compiler's diagnostics when it fails.
    func run(
        like target: String, module: String, sources: URL, folder: String, modules: URL, emitModule: Bool = false
    ) async throws {
        let top = sources.appendingPathComponent(folder)
        let files = (FileManager.default.enumerator(atPath: top.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { top.appendingPathComponent($0).path }
        var arguments = try self.arguments(of: target) + ["-I", modules.path, "-module-name", module]
        arguments += emitModule
            ? ["-emit-module", "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path]
            : ["-typecheck"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst()) + files
        process.standardInput = FileHandle.nullDevice
        let outcome = await (try StrataProcess.start(process)).finish(within: .seconds(600))
        guard outcome.status == 0 else {
            throw LayeringError("compiling \(module) (\(folder)) failed: \(outcome.stderr.suffix(4000))")
        }
    }
}
