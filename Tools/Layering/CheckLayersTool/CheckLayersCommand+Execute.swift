import ArgumentParser
import Foundation
import StrataLayering

extension CheckLayersCommand {
    /// The package root as an absolute URL.
    var root: URL {
        URL(fileURLWithPath: packagePath, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }

    /// Does what the options ask and returns the exit status.
    func execute() throws -> Int32 {
        let policyURL = policy.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? root.appendingPathComponent("layers.json")
        if let explain {
            return Self.explain(explain, policy: try? LayerPolicy.load(from: policyURL))
        }
        let loadedPolicy = try LayerPolicy.load(from: policyURL)
        let package: PackageModel
        let manifestPath: String
        if let packageJSON {
            let url = URL(fileURLWithPath: packageJSON, relativeTo: root).standardizedFileURL
            guard let data = try? Data(contentsOf: url) else {
                throw LayeringError("\(packageJSON): cannot read the package description; expected a dump-package JSON file")
            }
            package = try PackageModel(dumpJSON: data, source: packageJSON)
            manifestPath = packageJSON
        } else {
            package = try PackageModel.dump(packageAt: root)
            manifestPath = "Package.swift"
        }
        let checker = LayeringChecker(package: package, policy: loadedPolicy, root: root, manifestPath: manifestPath)
        let report = try checker.report()
        if let graph {
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
        var comparison: BaselineComparison?
        if !noBaseline, baseline != nil || FileManager.default.fileExists(atPath: baselineURL.path) {
            comparison = try Baseline.load(from: baselineURL).compare(report.violations)
        }
        let shown = comparison?.new ?? report.violations
        print(format.outputFormat.render(shown, of: report, baseline: comparison), terminator: "")
        return shown.isEmpty ? 0 : 1
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
