import Foundation
import StrataLayering

/// `strata-bench-layers --generated SIZES [runs]`: the check on generated packages
/// (``GeneratedPackage``) of each size, medians of `runs`, printed beside the figures Bylaws
/// publishes.
struct ScaleBenchmark {
    let sizes: [Int]
    let runs: Int

    /// The `strata-check-layers` executable built beside this benchmark, if there is one.
    var tool: URL? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("strata-check-layers")
        return FileManager.default.isExecutableFile(atPath: path.path) ? path : nil
    }

    func run() throws {
        print("Generated packages: two Swift files per target, ten layers; package.json (no SwiftPM run); median of \(runs).")
        print("targets   files   check      cached re-run   tool: check   tool: cached   violations")
        for size in sizes {
            let package = try GeneratedPackage(targets: size)
            defer { if ProcessInfo.processInfo.environment["STRATA_BENCH_KEEP"] == nil { package.remove() } else { print("kept \(package.root.path)") } }
            let root = package.root
            let policyURL = root.appendingPathComponent("layers.json")
            let policy = try LayerPolicy.load(from: policyURL)
            let input = LayeringCheck.PackageInput.json(root.appendingPathComponent("package.json"), name: "package.json")
            let cacheFile = root.appendingPathComponent(".build/strata-check-layers/bench-cache.json")
            var report: LayeringReport?
            let check = median((0..<runs).map { _ in
                seconds { report = try? LayeringCheck.check(root: root, policy: policy, policyURL: policyURL, input: input, cacheFile: nil).report }
            })
            _ = try LayeringCheck.check(root: root, policy: policy, policyURL: policyURL, input: input, cacheFile: cacheFile)
            var hit = true
            let cached = median((0..<runs).map { _ in
                seconds {
                    let result = try? LayeringCheck.check(root: root, policy: policy, policyURL: policyURL, input: input, cacheFile: cacheFile)
                    hit = hit && result?.package == nil
                }
            })
            var toolCheck = "-", toolCached = "-"
            if let tool {
                let options = ["--package-path", root.path, "--package-json", "package.json"]
                toolCheck = String(format: "%.3f s", median((0..<runs).map { _ in Self.time(tool, options + ["--no-cache"]) }))
                _ = Self.time(tool, options)
                toolCached = String(format: "%.3f s", median((0..<runs).map { _ in Self.time(tool, options) }))
            }
            func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            let line = pad("\(size)", 7) + pad("\(report?.fileCount ?? -1)", 8) + pad(String(format: "%.3f s", check), 10)
                + pad(String(format: "%.3f s", cached), 12) + (hit ? "      " : " (MISS)") + pad(toolCheck, 12)
                + pad(toolCached, 15) + pad("\(report?.violations.count ?? -1)", 13)
            print(line)
        }
        print("Bylaws, from its README (not measured here): 0.07 s for 264 files, 0.5 s for 3,260 files.")
        print("Targets: 1,000 targets under 1 s in release; a cached re-run under 0.1 s.")
    }

    /// Wall-clock seconds of one run of `tool` with `arguments`, output discarded.
    static func time(_ tool: URL, _ arguments: [String]) -> Double {
        seconds {
            let process = Process()
            process.executableURL = tool
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
        }
    }
}
