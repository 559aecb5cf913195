// strata-bench-inbox: strata-notifyd's inbox throughput — `strata-notifyd --once` (the real
// executable, a child process) drains N notification files; prints files/s, whole run and
// net of start-up (target ≥ 5,000/s, every notification committed before its file leaves new/).
// Run in release: swift build -c release --product strata-notifyd && swift build -c release --product strata-bench-inbox;
// then .build/release/strata-bench-inbox [files] [runs]. STRATA_NOTIFYD_BIN runs another build.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let files = Int(arguments.first ?? "5000"), files > 0, let runs = Int(arguments.dropFirst().first ?? "3"), runs > 0
else {
    FileHandle.standardError.write(Data("usage: strata-bench-inbox [files > 0] [runs > 0]\n".utf8))
    exit(64)
}

let notifyd =
    ProcessInfo.processInfo.environment["STRATA_NOTIFYD_BIN"]
    ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("strata-notifyd").path
guard FileManager.default.isExecutableFile(atPath: notifyd) else {
    FileHandle.standardError.write(
        Data("strata-bench-inbox: \(notifyd) is not an executable: build strata-notifyd in the same configuration first\n".utf8))
    exit(1)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-inbox-\(getpid())")
let bench = InboxBenchmark(notifyd: notifyd, files: files, scratch: scratch)
do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let results = try (0..<runs).map { try bench.run($0) }.sorted { $0.seconds < $1.seconds }
    let median = results[results.count / 2]
    print("strata-notifyd --once draining \(files) files (median of \(runs) runs; \(notifyd)):")
    print("  whole run:  \(String(format: "%.3f", median.seconds)) s = \(Int(median.rate(files))) files/s")
    print("  start-up:   \(String(format: "%.3f", median.startupSeconds)) s (an empty --once run)")
    print("  draining:   \(Int(median.drainRate(files))) files/s net of start-up (target >= 5000/s)")
} catch {
    try? FileManager.default.removeItem(at: scratch)
    FileHandle.standardError.write(Data("strata-bench-inbox: \(error)\n".utf8))
    exit(1)
}
