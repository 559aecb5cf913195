// strata-bench-store: saves N value objects through StrataData and the same rows through the
// raw SQLite C API, side by side, and prints rows/s of each and the ratio (target ≥ 0.7×).
// Run in release: swift run -c release strata-bench-store [rows] [runs]
import CSQLite
import Foundation
import Logging
import StrataCrossCutting
import StrataData

let arguments = CommandLine.arguments.dropFirst()
guard let rows = Int(arguments.first ?? "100000"), rows > 0, let runs = Int(arguments.dropFirst().first ?? "5"), runs > 0 else {
    FileHandle.standardError.write(Data("usage: strata-bench-store [rows > 0] [runs > 0]\n".utf8))
    exit(64)
}

let records = (0..<rows).map(BenchRecord.init(index:))
let ids = (0..<rows).map { String(format: "%016llx%012llx", 0x5eed_5eed_5eed_5eed as UInt64, UInt64($0 + 1)) }
let logger = StrataLogging.makeLogger(label: "bench", level: .error)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: scratch) }

/// One run of the store: a fresh container, one `save(list)` (one transaction).
func storeRun(_ run: Int) throws -> (seconds: Double, tableSQL: [String]) {
    let container = ContainerDirectory(url: scratch.appendingPathComponent("store-\(run)"))
    let store = try DataLayerFactory.live(container: container, logger: logger).store
    try store.register(BenchRecord.self)
    let start = DispatchTime.now().uptimeNanoseconds
    let saved = try store.save(records)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard saved.count == rows else { throw BenchError("saved \(saved.count) of \(rows)") }
    return (seconds, try schemaSQL(of: container.storeURL.path))
}

/// The CREATE TABLE / CREATE INDEX statements the store wrote, to give the baseline the same table.
func schemaSQL(of path: String) throws -> [String] {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw BenchError("cannot open \(path)") }
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'BenchRecord' AND sql IS NOT NULL ORDER BY type DESC", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    var sql: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW { sql.append(String(cString: sqlite3_column_text(statement, 0))) }
    return sql
}

do {
    var storeTimes: [Double] = []
    var rawTimes: [Double] = []
    for run in 0..<runs {
        let (storeSeconds, tableSQL) = try storeRun(run)
        let raw = RawSQLiteInserter(path: scratch.appendingPathComponent("raw-\(run).sqlite").path, tableSQL: tableSQL)
        let rawSeconds = try raw.insert(records, ids: ids)
        storeTimes.append(storeSeconds)
        rawTimes.append(rawSeconds)
    }
    let store = Double(rows) / storeTimes.sorted()[runs / 2]
    let raw = Double(rows) / rawTimes.sorted()[runs / 2]
    print("rows per run: \(rows), runs: \(runs) (median shown)")
    print(String(format: "raw SQLite C API (one prepared statement):  %10.0f rows/s", raw))
    print(String(format: "StrataData store.save(list):                %10.0f rows/s", store))
    print(String(format: "ratio store / raw: %.2fx (target >= 0.70x)", store / raw))
} catch {
    FileHandle.standardError.write(Data("strata-bench-store: \(error)\n".utf8))
    exit(1)
}
