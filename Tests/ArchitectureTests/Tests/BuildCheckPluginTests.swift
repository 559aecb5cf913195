import Foundation
import StrataTestSupport
import Testing

/// The `LayeringBuildCheck` build-tool plugin's command (``BuildCheckCommand``, the plugin's
/// own file, linked here) run as the build runs it: on a clean package it writes its output
/// and exits 0; on a violation it prints the report, exits 1 and leaves no output, so the build
/// fails and the next build checks again. (A real `swift build` of another package depending
/// on Strata would resolve Strata's whole dependency graph: too slow for a test.)
@Suite("The build-tool plugin: its command runs the checker and gates the build")
struct BuildCheckPluginTests {
    @Test("the command's inputs are the package's Swift files and the manifest, policy and baseline that exist")
    func inputs() {
        let inputs = BuildCheckCommand.inputs(package: "/p", swiftFiles: ["/p/Sources/B/b.swift", "/p/Sources/A/a.swift"]) {
            $0 != "/p/layers-baseline.json" && $0 != "/p/Package.resolved"
        }
        #expect(inputs == ["/p/Sources/A/a.swift", "/p/Sources/B/b.swift", "/p/Package.swift", "/p/layers.json"])
        #expect(BuildCheckCommand.arguments(package: "/p", workDirectory: "/w", output: "/w/out.swift") == [
            "--package-path", "/p", "--cache-path", "/w/strata-check-layers-cache.json", "--stamp", "/w/out.swift",
            "--format", "diagnostics",
        ])
    }

    @Test("run as the build runs it: a clean package writes the output; a violation fails with the report and removes it")
    func commandGatesTheBuild() async throws {
        let root = try LayeringCheckAPITests.package(coreSource: "public struct Core {}\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent(".build/plugins/outputs/tiny/App/LayeringBuildCheck")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let output = work.appendingPathComponent(BuildCheckCommand.outputName)
        let arguments = BuildCheckCommand.arguments(package: root.path, workDirectory: work.path, output: output.path)

        let clean = try await CheckLayersTool.run(arguments)
        #expect(clean.status == 0, "\(clean)")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.hasPrefix("// strata-check-layers: no layering violations"))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("strata-check-layers-cache.json").path))

        try "import App\npublic struct Core {}\n"
            .write(to: root.appendingPathComponent("Sources/Core/Core.swift"), atomically: true, encoding: .utf8)
        let broken = try await CheckLayersTool.run(arguments)
        #expect(broken.status == 1, "\(broken)")
        let file = root.appendingPathComponent("Sources/Core/Core.swift").path
        #expect(broken.stdout.contains("\(file):1:1: error: [layer-rank] Core (core, rank 0) imports App (app, rank 1).\n"))
        #expect(broken.stdout.contains("\(file):1:1: note: Fix: "))
        #expect(broken.stdout.contains("\(file):1:1: note: Why: Layers are stacked"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
