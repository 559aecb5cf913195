import PackagePlugin

/// `swift package --allow-writing-to-package-directory write-layers-baseline`: runs
/// `strata-check-layers --write-baseline` on this package, recording today's violations in
/// `layers-baseline.json` so later `check-layers` runs report only new ones.
///
/// A verb of its own because it writes: it declares the `writeToPackageDirectory` permission,
/// which `check-layers`, run on every build, must not need. It runs the tool through
/// `StrataCheckLayers.swift`, a link to the one in `CheckLayers`.
@main
struct WriteLayersBaseline: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try await runStrataCheckLayers(context, plugin: "write-layers-baseline", arguments)
    }
}
