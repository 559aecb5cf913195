import Foundation
import PackagePlugin

/// Runs `strata-check-layers` in the package's folder as `strata-check-layers --plugin <verb>
/// <arguments>` and ends the plugin with the tool's status when it is not 0.
///
/// The one source of both plugins (`WriteLayersBaseline` links this file: plugins cannot
/// depend on a library target). Arguments pass through unread: the tool parses them, and
/// `--plugin` tells it which verb ran it (`check-layers` refuses `--write-baseline`;
/// `write-layers-baseline` means it).
func runStrataCheckLayers(_ context: PluginContext, plugin verb: String, _ arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "strata-check-layers").url
    process.currentDirectoryURL = context.package.directoryURL
    // The cache lives in the plugin's work folder, which a sandboxed plugin may write (unless the user chose).
    let chosen = arguments.contains { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }
    let cache = chosen ? [] : ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache.json").path]
    process.arguments = ["--plugin", verb] + cache + arguments
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
    // The tool has printed why; its status (1 violations, 64 usage, 65 unreadable input) is the plugin's.
    if status != 0 { exit(status) }
}
