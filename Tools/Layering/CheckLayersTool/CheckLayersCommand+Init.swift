import ArgumentParser
import Foundation
import StrataLayering

/// `--init`: a starter `layers.json` from the package (``StarterPolicy``).
extension CheckLayersCommand {
    /// Writes the starter policy to `policyURL` (``validateInit()`` refused an existing one
    /// without `--force`), prints what it wrote and the next step, and returns 0.
    func writeStarterPolicy(to policyURL: URL) throws -> Int32 {
        let package: PackageModel
        if let packageJSON {
            let url = URL(fileURLWithPath: packageJSON, relativeTo: root).standardizedFileURL
            let data = try InputFile.read(
                url, named: packageJSON, limit: InputFile.packageDescriptionLimit,
                expected: "a package description (the JSON `swift package dump-package` prints)"
            )
            package = try PackageModel(dumpJSON: data, source: packageJSON)
        } else {
            package = try PackageModel.dump(packageAt: root)
        }
        let starter = StarterPolicy(package: package, root: root)
        do {
            try Data(starter.json.utf8).write(to: policyURL, options: .atomic)
        } catch {
            throw LayeringError("\(policyURL.path): cannot write the starter policy; expected a writable package folder")
        }
        print("""
            Wrote \(policyURL.lastPathComponent): \(starter.summary), ranked by the targets' dependencies and imports.
            Next: rename the layers and split them where the architecture says so (Docs/LayersJSON.md), run \
            strata-check-layers to see today's findings, then strata-check-layers --write-baseline to record them, \
            so later runs fail only on new ones.
            """)
        return 0
    }
}

extension CheckLayersCommand {
    /// `--force` only with `--init`; `--init` never replaces a policy without `--force`.
    func validateInit() throws {
        if force && !initPolicy { throw ValidationError("--force only goes with --init") }
        guard initPolicy, !force else { return }
        let url = policy.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appendingPathComponent("layers.json")
        if FileManager.default.fileExists(atPath: url.path) {
            throw ValidationError("--init: \(url.path) already exists; expected no policy yet (add --force to replace it)")
        }
    }
}
