import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory write-layers-baseline`: runs
/// `strata-check-layers --write-baseline` on this package, recording today's violations in
/// `layers-baseline.json` so later `check-layers` runs report only new ones.
///
/// A verb of its own because it writes: it declares the `writeToPackageDirectory` permission,
/// which `check-layers`, run on every build, must not need.
@main
struct WriteLayersBaseline: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "strata-check-layers")
        var forwarded = arguments.contains("--write-baseline") ? arguments : arguments + ["--write-baseline"]
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
