// strata-bench-store: saves N value objects through StrataData and the same rows through the
// raw SQLite C API, side by side, and prints rows/s of each and the ratio (target ≥ 0.7×).
// Run in release: swift run -c release strata-bench-store [rows] [runs]
import Foundation
import Logging
import StrataCrossCutting

let arguments = CommandLine.arguments.dropFirst()
guard let rows = Int(arguments.first ?? "100000"), rows > 0, let runs = Int(arguments.dropFirst().first ?? "5"), runs > 0 else {
    FileHandle.standardError.write(Data("usage: strata-bench-store [rows > 0] [runs > 0]\n".utf8))
    exit(64)
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(getpid())")
let bench = InsertBenchmark(rows: rows, runs: runs, scratch: scratch, logger: StrataLogging.makeLogger(label: "bench", level: .error))
print("rows per run: \(rows), runs: \(runs) (median shown; the two sides alternate which goes first)")
do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    try await bench.compare("table indexed like CaseReport", BenchRecord.self, make: BenchRecord.init(index:))
    try await bench.compare("table without secondary indexes", PlainBenchRecord.self, make: PlainBenchRecord.init(index:))
} catch {
    try? FileManager.default.removeItem(at: scratch)
    FileHandle.standardError.write(Data("strata-bench-store: \(error)\n".utf8))
    exit(1)
}
