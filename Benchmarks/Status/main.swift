// strata-bench-status: strata-status's cold start against a Foundation hello-world built the
// same way (strata-bench-hello), both as whole child processes, alternating; prints the
// medians, the ratio (target ≤ 1.5×) and peak memory; then the share of the store's
// `quick_check` (verifyPages) in a run on a 1,000-report store.
// Run in release (`swift build` builds one `--product` per call: the last one named):
// for p in strata-status strata-host strata-bench-hello strata-bench-status; do swift build -c release --product $p; done
// then .build/release/strata-bench-status [runs]
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let runs = Int(arguments.first ?? "21"), runs >= 1 else {
    FileHandle.standardError.write(Data("usage: strata-bench-status [runs >= 1]\n".utf8))
    exit(64)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-status-\(getpid())")
let bench = StatusBenchmark(runs: runs, products: products, scratch: scratch)
do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    // STRATA_STATUS_BIN and STRATA_HELLO_BIN compare other builds (a statically linked one).
    let environment = ProcessInfo.processInfo.environment
    let status = try environment["STRATA_STATUS_BIN"] ?? bench.executable("strata-status")
    let hello = try environment["STRATA_HELLO_BIN"] ?? bench.executable("strata-bench-hello")

    let small = try bench.makeStore(named: "five", reports: 5)
    let (subject, baseline) = try bench.compare(subject: status, [], baseline: hello, environment: small)
    print("cold start, median of \(runs) alternating runs (a store with 5 reports):")
    print("  \(status)\n  against \(hello)")
    print("  Foundation hello-world (strata-bench-hello): \(format(baseline.medianMilliseconds)) ms, peak \(format(baseline.medianMaxResidentMiB)) MiB")
    print("  strata-status:                               \(format(subject.medianMilliseconds)) ms, peak \(format(subject.medianMaxResidentMiB)) MiB")
    print("  ratio strata-status / hello-world: \(format(subject.medianMilliseconds / baseline.medianMilliseconds, 2))x (target <= 1.5x)")

    let large = try bench.makeStore(named: "thousand", reports: 1, grownTo: 1_000)
    let filler = StoreFiller(path: large["STRATA_HOME"]! + "/strata.sqlite")
    let (big, _) = try bench.compare(subject: status, [], baseline: hello, environment: large)
    let checks = try (0..<max(runs, 5)).map { _ in try filler.quickCheckSeconds() * 1000 }.sorted()
    let check = checks[checks.count / 2]
    print("")
    print("a store with 1,000 reports (\(filler.fileSize / 1024) KiB):")
    print("  strata-status: \(format(big.medianMilliseconds)) ms, peak \(format(big.medianMaxResidentMiB)) MiB")
    print("  PRAGMA quick_check on its own: \(format(check, 2)) ms = \(format(check / big.medianMilliseconds * 100))% of the run")
} catch {
    try? FileManager.default.removeItem(at: scratch)
    FileHandle.standardError.write(Data("strata-bench-status: \(error)\n".utf8))
    exit(1)
}
