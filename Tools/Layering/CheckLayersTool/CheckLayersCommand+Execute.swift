import ArgumentParser
import Foundation
import StrataLayering

extension CheckLayersCommand {
    /// The package root as an absolute folder URL (a folder even when it is a link to one, so
    /// paths relative to it resolve inside it).
    var root: URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: packagePath, isDirectory: true, relativeTo: current).standardizedFileURL
    }

    /// Does what the options ask and returns the exit status.
    func execute() throws -> Int32 {
        let policyURL = policy.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appendingPathComponent("layers.json")
        if let explain {
            return Self.explain(explain, policy: try? LayerPolicy.load(from: policyURL))
        }
        try checkRoot()
        if initPolicy { return try writeStarterPolicy(to: policyURL) }
        let loadedPolicy = try LayerPolicy.load(from: policyURL)
        let input = packageJSON.map { LayeringCheck.PackageInput.json(URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL, name: $0) }
            ?? .manifest
        let cacheFile = noCache || graph != nil
            ? nil : cachePath.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL } ?? LayeringCheck.defaultCacheFile(root: root)
        let (report, package) = try LayeringCheck.check(
            root: root, policy: loadedPolicy, policyURL: policyURL, input: input, cacheFile: cacheFile,
            dependenciesJSON: dependenciesJSON.map { (URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL, $0) }
        )
        if let graph, let package {
            let drawing = LayerGraph(
                package: package, policy: loadedPolicy, violations: report.violations, everything: graphAll
            )
            print(graph == .mermaid ? drawing.mermaid : drawing.dot, terminator: "")
            return 0
        }
        let baselineURL = baseline.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appendingPathComponent("layers-baseline.json")
        if writeBaseline {
            do {
                try Baseline(report.violations).encoded().write(to: baselineURL, options: .atomic)
            } catch {
                throw LayeringError("\(baselineURL.path): cannot write the baseline; expected a writable package folder")
            }
            print("Wrote \(report.violations.count) violation(s) to \(baselineURL.lastPathComponent): later runs report only new ones.")
            return 0
        }
        var shown = report
        if !noBaseline, baseline != nil || InputFile.exists(baselineURL) {
            shown = report.applying(try Baseline.load(from: baselineURL))
        }
        print(format.outputFormat.render(
            shown.violations, of: shown, baseline: shown.baseline, policy: loadedPolicy, root: root
        ), terminator: "")
        if !shown.violations.isEmpty { return 1 }
        return strictBaseline && !shown.staleBaselineEntries.isEmpty ? 1 : 0
    }

    /// Refuses a package root that is missing or not a folder, or (without `--package-json`) has
    /// no `Package.swift`: one line naming `--package-path` and what was expected.
    func checkRoot() throws {
        var isFolder: ObjCBool = false
        let expected = "expected the folder of a SwiftPM package"
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
            throw LayeringError("--package-path \(packagePath): no such folder (\(root.path)); \(expected)")
        }
        guard isFolder.boolValue else { throw LayeringError("--package-path \(packagePath): a file, not a folder; \(expected)") }
        if packageJSON == nil, !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            throw LayeringError(
                "--package-path \(packagePath): no Package.swift in \(root.path); \(expected), or pass --package-json FILE"
            )
        }
    }

    /// Prints rule `name`'s explanation (0), or the list of rules when there is no such rule (64).
    static func explain(_ name: String, policy: LayerPolicy?) -> Int32 {
        let policy = policy ?? LayerPolicy(layers: [], placements: [], toolchainModules: [], testOnlyToolchainModules: [], valueProtocols: [])
        guard let rule = Rule.named(name) else {
            FileHandle.standardError.write(Data("strata-check-layers: no rule \"\(name)\"; expected one of these:\n\(Rule.list)\n".utf8))
            return 64
        }
        print(rule.explanation(in: policy), terminator: "")
        return 0
    }
}
