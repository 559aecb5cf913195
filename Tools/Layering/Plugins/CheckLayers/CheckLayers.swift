import Foundation
import PackagePlugin

/// `swift package check-layers [options]`: runs `strata-check-layers` on this package.
///
/// The tool reads the package itself (`swift package dump-package` in a scratch folder of its
/// own, so SwiftPM's lock on `.build`, held while the plugin runs, is no obstacle), the policy
/// in `layers.json` and every Swift file. Options pass through (`--format github`,
/// `--explain layer-rank`, `--graph mermaid`; `--help` lists them). It asks for no permission,
/// so it runs anywhere; `swift package write-layers-baseline` (which asks to write the
/// package directory) records a baseline.
@main
struct CheckLayers: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains("--write-baseline") {
            // This verb only reads; writing needs the permission the other verb asks for.
            Diagnostics.error(
                "check-layers only reads the package; write the baseline with "
                    + "`swift package --allow-writing-to-package-directory write-layers-baseline`"
            )
            exit(64)
        }
        let tool = try context.tool(named: "strata-check-layers")
        var forwarded = arguments
        if !forwarded.contains("--package-path") {
            forwarded = ["--package-path", context.package.directoryURL.path] + forwarded
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = forwarded
        // Awaited, not waited for: the handler resumes the plugin when the tool ends.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else {
            // The tool has printed why; its status (1 violations, 64 usage, 65 unreadable input) is the plugin's.
            exit(status)
        }
    }
}
