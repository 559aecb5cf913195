// strata-bench-query: (1) a query with where + sort + page over N rows through StrataData
// against the same query through the raw SQLite C API, with single-key indexes and then with
// the compound index that serves it; (2) the cost of an encrypted field on
// save and load against the same rows unencrypted. Run in release:
//   swift run -c release strata-bench-query [rows=1000000] [cryptoRows=100000]
import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataStore

let arguments = CommandLine.arguments.dropFirst()
guard let rows = Int(arguments.first ?? "1000000"), rows >= 1000,
    let cryptoRows = Int(arguments.dropFirst().first ?? "100000"), cryptoRows > 0
else {
    FileHandle.standardError.write(Data("usage: strata-bench-query [rows >= 1000] [cryptoRows > 0]\n".utf8))
    exit(64)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-query-\(getpid())")
let logger = StrataLogging.makeLogger(label: "bench", level: .error)

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let container = ContainerDirectory(url: scratch)
    let store = try await DataLayerFactory.live(container: container, logger: logger).store
    try await store.register(QueryRecord.self)
    let fill = try await seconds {
        for start in stride(from: 0, to: rows, by: 100_000) {
            _ = try await store.save((start..<min(rows, start + 100_000)).map(QueryRecord.init(index:)))
        }
    }
    print("filled \(rows) rows in \(String(format: "%.1f", fill)) s")

    // 1. where age = 42, newest first, page 3 of 50: first with the single-key indexes (SQLite
    // reads every match and sorts them), then after declaring the compound index
    // (age, createdAt desc): the same rows, a second store on the same file migrating them.
    let repeats = 200
    func pageQuery<Record: ValueObject>(_ type: Record.Type, on store: any ValueObjectStore, label: String) async throws {
        let query = Query<Record>().whereKey("age", .equal, 42).sorted(by: "createdAt", .descending).page(size: 50, index: 3)
        var storeTimes: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            guard try await store.query(query).count == 50 else { throw BenchError("short page") }
            storeTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let rawTimes = try RawQuery(path: container.storeURL.path).run(age: 42, pageSize: 50, page: 3, repeats: repeats)
        print("\nquery over \(rows) rows, \(label): where age = 42, sort by createdAt desc, page 3 of 50 (median of \(repeats)):")
        print(String(format: "  raw SQLite C API:  %8.1f µs", median(rawTimes) * 1e6))
        print(String(format: "  StrataData query:  %8.1f µs", median(storeTimes) * 1e6))
        print(String(format: "  ratio raw / store: %.2fx (1.00x = as fast as the C API)", median(rawTimes) / median(storeTimes)))
    }
    try await pageQuery(QueryRecord.self, on: store, label: "single-key indexes (age), (createdAt)")
    let indexed = try await DataLayerFactory.live(container: container, logger: logger).store
    let migrationStart = DispatchTime.now().uptimeNanoseconds
    try await indexed.register(IndexedQueryRecord.self)
    let migration = Double(DispatchTime.now().uptimeNanoseconds - migrationStart) / 1e9
    print(String(format: "\ndeclaring CompoundIndex(age, createdAt desc) built it over \(rows) rows in %.2f s", migration))
    try await pageQuery(IndexedQueryRecord.self, on: indexed, label: "compound index (age, createdAt desc, objectId)")

    // 2. encrypted patient name vs plaintext, on save and on load.
    try await store.register(SealedRecord.self)
    try await store.register(PlainRecord.self)
    var results: [(String, Double, Double)] = []
    for _ in 0..<3 {
        let plainSave = try await seconds { _ = try await store.save((0..<cryptoRows).map(PlainRecord.init(index:))) }
        let sealedSave = try await seconds { _ = try await store.save((0..<cryptoRows).map(SealedRecord.init(index:))) }
        let plainLoad = try await seconds { _ = try await store.query(Query<PlainRecord>()) }
        let sealedLoad = try await seconds { _ = try await store.query(Query<SealedRecord>()) }
        results.append(("run", plainSave / sealedSave, plainLoad / sealedLoad))
        _ = try await store.deleteAll(PlainRecord.self)
        _ = try await store.deleteAll(SealedRecord.self)
    }
    let save = median(results.map(\.1))
    let load = median(results.map(\.2))
    print("\nencrypted patientName (AES-GCM + keyed hash) vs plaintext, \(cryptoRows) rows (median of 3):")
    print(String(format: "  save: encrypted runs at %.2fx the speed of plaintext", save))
    print(String(format: "  load: encrypted runs at %.2fx the speed of plaintext", load))
} catch {
    try? FileManager.default.removeItem(at: scratch)
    FileHandle.standardError.write(Data("strata-bench-query: \(error)\n".utf8))
    exit(1)
}
