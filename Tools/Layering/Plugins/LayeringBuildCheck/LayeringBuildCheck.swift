import Foundation
import PackagePlugin

/// A build-tool plugin: each target that lists it checks the package against `layers.json` on
/// every build that changed a Swift file, the manifest, the policy or the baseline; a layering
/// violation fails the build with `strata-check-layers`'s report.
///
/// ```swift
/// .target(name: "App", dependencies: ["Core"], plugins: [.plugin(name: "LayeringBuildCheck", package: "strata")])
/// ```
///
/// See `Docs/LayeringInBuildsAndCI.md` for adopting it.
@main
struct LayeringBuildCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let package = context.package.directoryURL.path
        let swiftFiles = context.package.targets.compactMap { $0 as? any SourceModuleTarget }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(BuildCheckCommand.outputName)
        let inputs = BuildCheckCommand.inputs(package: package, swiftFiles: swiftFiles) {
            FileManager.default.fileExists(atPath: $0)
        }
        return [
            .buildCommand(
                displayName: "Checking the layering of \(context.package.displayName) (strata-check-layers)",
                executable: try context.tool(named: "strata-check-layers").url,
                arguments: BuildCheckCommand.arguments(
                    package: package, workDirectory: context.pluginWorkDirectoryURL.path, output: output.path
                ),
                inputFiles: inputs.map { URL(fileURLWithPath: $0) },
                outputFiles: [output]
            ),
        ]
    }
}
