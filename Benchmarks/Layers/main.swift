import Foundation
import StrataLayering

// strata-bench-layers [package-root] [runs]: the layering check over a package's Swift files
// (tokenize, scan imports and declarations, apply every rule), against the baseline of just
// reading the same files. Target: the whole check under 2 s for Strata's ~500 files.
//
// strata-bench-layers --generated 300,1000,3000 [runs]: the check on generated packages of that
// many targets (two Swift files each; GeneratedPackage), from a package.json so SwiftPM is not
// run: the check from scratch, the cached re-run, and the same two through the
// strata-check-layers executable beside this one (process start included) when it is there.
// Target: 1,000 targets under 1 s in release; the cached re-run under 0.1 s.
let arguments = Array(CommandLine.arguments.dropFirst())

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

let usage = """
    usage: strata-bench-layers [PACKAGE-ROOT] [RUNS]
           strata-bench-layers --generated SIZES [RUNS]

    The layering check on a package (default: the current folder, which needs a layers.json) against
    reading its Swift files; or, with --generated, on generated packages of SIZES targets each
    (comma-separated, default 300,1000,3000), from scratch and cached, beside strata-check-layers.
    RUNS: how many times each is timed (the median is printed; default 5, or 3 with --generated).
    Run it in release: swift run -c release strata-bench-layers --generated 300,1000,3000
    """

/// Refuses `argument` in one line naming it and what was expected.
func refuse(_ argument: String, expected: String) -> Never {
    FileHandle.standardError.write(Data("strata-bench-layers: \(argument): expected \(expected); see --help\n".utf8))
    exit(64)
}

/// `text` as a count of at least 1, or a refusal naming `name`.
func count(_ text: String?, name: String, default value: Int) -> Int {
    guard let text else { return value }
    guard let number = Int(text), number > 0 else { refuse("\(name) \"\(text)\"", expected: "a whole number of at least 1") }
    return number
}

if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "--generated" }) {
    refuse("unknown option \(option)", expected: "--generated or a package folder")
}

do {
    if arguments.first == "--generated" {
        let list = arguments.dropFirst().first ?? "300,1000,3000"
        let sizes = list.split(separator: ",", omittingEmptySubsequences: false).map { count(String($0), name: "SIZES", default: 0) }
        let runs = count(arguments.dropFirst(2).first, name: "RUNS", default: 3)
        try ScaleBenchmark(sizes: sizes, runs: runs).run()
        exit(0)
    }
    let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath).standardizedFileURL
    let runs = count(arguments.dropFirst().first, name: "RUNS", default: 5)
    var package: PackageModel?
    let dump = try seconds { package = try PackageModel.dump(packageAt: root) }
    guard let package else { exit(1) }
    let policy = try LayerPolicy.load(from: root.appendingPathComponent("layers.json"))
    let checker = LayeringChecker(package: package, policy: policy, root: root)
    let files = package.targets.filter { $0.kind != .system && $0.kind != .binary }
        .flatMap { SourceFiles.swiftFiles(of: $0, root: root) }
    var bytes = 0
    var readTimes: [Double] = []
    var checkTimes: [Double] = []
    var report: LayeringReport?
    for _ in 0..<runs {
        readTimes.append(try seconds {
            bytes = try files.reduce(0) { $0 + (try Data(contentsOf: root.appendingPathComponent($1))).count }
        })
        checkTimes.append(try seconds { report = try checker.report() })
    }
    let read = median(readTimes)
    let check = median(checkTimes)
    let pad = { (label: String) in label.padding(toLength: 52, withPad: " ", startingAt: 0) }
    print("package \(package.name): \(package.targets.count) targets, \(files.count) Swift files, \(bytes / 1024) KiB; median of \(runs)")
    print(pad("swift package dump-package (once, not in the check):") + String(format: "%8.3f s", dump))
    print(pad("baseline: read every Swift file:") + String(format: "%8.3f s", read))
    print(pad("layering check (read, tokenize, scan, every rule):") + String(format: "%8.3f s", check))
    print(String(format: "ratio check / read: %.1fx; violations: %d; target: check < 2 s", check / read, report?.violations.count ?? -1))
} catch {
    FileHandle.standardError.write(Data("strata-bench-layers: \(error)\n".utf8))
    exit(1)
}
