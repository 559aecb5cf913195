import PackagePlugin

/// `swift package check-layers [options]`: runs `strata-check-layers` on this package.
///
/// The tool reads the package itself (`swift package dump-package` in a scratch folder of its
/// own, so SwiftPM's lock on `.build`, held while the plugin runs, is no obstacle), the policy
/// in `layers.json` and every Swift file. Options pass through (`--format github`,
/// `--explain layer-rank`, `--graph mermaid`; `--help` lists them). It asks for no permission,
/// so it runs anywhere and refuses `--write-baseline`; `swift package write-layers-baseline`
/// (which asks to write the package directory) records a baseline.
@main
struct CheckLayers: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try await runStrataCheckLayers(context, plugin: "check-layers", arguments)
    }
}
