import Foundation

/// strata-status against a Foundation hello-world, both whole child processes, runs alternating.
struct StatusBenchmark {
    /// Runs per side (the median is shown).
    let runs: Int
    /// The folder holding the built products (this executable's own).
    let products: URL
    /// A scratch folder for the stores.
    let scratch: URL

    /// Medians of one side.
    struct Side {
        var medianMilliseconds: Double
        var medianMaxResidentMiB: Double
    }

    func executable(_ name: String) throws -> String {
        let path = products.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcess.Failure(
                description: "\(path) is not an executable: build it in the same configuration first "
                    + "(swift build -c release --product \(name))")
        }
        return path
    }

    /// A container directory with `reports` case reports added by strata-host, then grown to
    /// `grownTo` rows per table with ``StoreFiller`` when given.
    func makeStore(named name: String, reports: Int, grownTo: Int? = nil) throws -> [String: String] {
        let home = scratch.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ["STRATA_HOME": home.path, "PATH": "/usr/bin:/bin"]
        // Any build of strata-host writes the same store: STRATA_HOST_BIN may name a debug one.
        let host = try ProcessInfo.processInfo.environment["STRATA_HOST_BIN"] ?? executable("strata-host")
        for index in 0..<reports {
            let run = try ChildProcess.run(
                host, ["reports", "add", "--patient-name", "Patient \(index)", "--age", "\(20 + index % 60)", "--follow"],
                environment: environment)
            guard run.status == 0 else { throw ChildProcess.Failure(description: "strata-host reports add exited \(run.status)") }
        }
        if let grownTo { try StoreFiller(path: home.appendingPathComponent("strata.sqlite").path).grow(to: grownTo) }
        return environment
    }

    /// Alternates `subject` and `baseline` (which goes first alternates too), `runs` times each.
    func compare(
        subject: String, _ subjectArguments: [String], baseline: String, environment: [String: String]
    ) throws -> (subject: Side, baseline: Side) {
        var subjectRuns: [ChildRun] = []
        var baselineRuns: [ChildRun] = []
        // One warm-up of each: the page cache holds the binaries and the store for every timed run.
        _ = try ChildProcess.run(subject, subjectArguments, environment: environment)
        _ = try ChildProcess.run(baseline, [], environment: environment)
        for round in 0..<runs {
            for side in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if side {
                    let run = try ChildProcess.run(subject, subjectArguments, environment: environment)
                    guard run.status == 0 else { throw ChildProcess.Failure(description: "\(subject) exited \(run.status)") }
                    subjectRuns.append(run)
                } else {
                    baselineRuns.append(try ChildProcess.run(baseline, [], environment: environment))
                }
            }
        }
        var (subjectSide, baselineSide) = (Self.side(subjectRuns), Self.side(baselineRuns))
        // Peak memory in a pass of its own (through /usr/bin/time, which the timings leave out).
        let memoryRuns = min(runs, 5)
        subjectSide.medianMaxResidentMiB = try Self.medianPeakMiB(subject, subjectArguments, memoryRuns, environment)
        baselineSide.medianMaxResidentMiB = try Self.medianPeakMiB(baseline, [], memoryRuns, environment)
        return (subjectSide, baselineSide)
    }

    private static func medianPeakMiB(_ executable: String, _ arguments: [String], _ runs: Int, _ environment: [String: String]) throws -> Double {
        let peaks = try (0..<runs).map { _ in try ChildProcess.peakMemoryKiB(executable, arguments, environment: environment) }.sorted()
        return Double(peaks[peaks.count / 2]) / 1024
    }

    private static func side(_ runs: [ChildRun]) -> Side {
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count.isMultiple(of: 2)
                ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
        }
        let milliseconds = runs.map { Double($0.duration.components.seconds) * 1000 + Double($0.duration.components.attoseconds) / 1e15 }
        return Side(
            medianMilliseconds: median(milliseconds), medianMaxResidentMiB: median(runs.map { Double($0.maxResidentKiB) / 1024 }))
    }
}
