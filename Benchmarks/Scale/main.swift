// strata-bench-scale: how each local path's cost per operation grows with the store, at
// several sizes: batch save, single save, fetch by id, delete, the page query (with its
// compound index), bytes on disk per object, the lifespan purge and the journal (an edit
// folded into its pending insert) after a long offline period, each against the raw SQLite
// C API doing the same work on the same file; sync push and pull against a real strata-server
// (SQLite) with N changes waiting, against the C API moving the same rows; then
// strata-status's cold start on stores of those sizes (against a Foundation hello-world).
// Prints a table per path; `--json FILE` writes the figures (scripts/plot-scale draws them).
// Run in release (strata-host may be a debug build):
//   swift build -c release --product strata-bench-scale   (likewise strata-server, strata-status, strata-bench-hello)
//   .build/release/strata-bench-scale [--sizes 10000,100000,1000000] [--paths store,purge,journal,sync,status] [--json FILE]
import Foundation
import Logging
import StrataCrossCutting
import StrataData

// As the hosts do, before anything uses SQLite: statement journals stay in memory up to 120 KiB.
DataLayerFactory.prepareProcess()

let usage =
    "usage: strata-bench-scale [--sizes N,N,... (each >= 100; default 10000,100000,1000000)] [--paths \(ScaleOptions.groups.joined(separator: ","))] [--json FILE]"
let options: ScaleOptions
do {
    options = try ScaleOptions(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(
            """
            strata-bench-scale: how each local path's cost per operation grows with the store, each
            against the SQLite C API doing the same work on the same file (or, for the commands, a
            Foundation hello-world), printed as a table per path.

            \(usage)

              --sizes N,N,...  store sizes to measure (objects, each at least 100)
              --paths GROUP,.. store: batch save, single save, fetch, delete, page query, bytes
                               purge: the lifespan purge after a long offline period
                               journal: an offline edit folded into its pending insert, bytes
                               sync: push and pull through a release strata-server (SQLite)
                               status: strata-status and `strata-host reports list` cold starts
              --json FILE      also write the figures (scripts/plot-scale draws them)

            Build in release first: swift build -c release --product strata-bench-scale (and
            strata-server, strata-status, strata-host, strata-bench-hello for sync and status).
            """)
        exit(0)
    }
} catch {
    FileHandle.standardError.write(Data("strata-bench-scale: \(error); \(usage)\n".utf8))
    exit(64)
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-scale-\(getpid())")
let largest = options.sizes.max() ?? 0
// A size's store, its plain copy and its strata-status store: about 1 KB per object at most.
let needed = Int64(largest) * 1_024
let freeBytes = ((try? FileManager.default.attributesOfFileSystem(forPath: FileManager.default.temporaryDirectory.path))?[.systemFreeSize] as? Int64) ?? 0
guard freeBytes >= needed else {
    let gigabytes = { (bytes: Int64) in String(format: "%.1f GB", Double(bytes) / 1e9) }
    FileHandle.standardError.write(
        Data("strata-bench-scale: \(largest) objects need about \(gigabytes(needed)) free in \(FileManager.default.temporaryDirectory.path), only \(gigabytes(freeBytes)) are free; pass smaller --sizes\n".utf8))
    exit(75)
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown").split(separator: " ").prefix(3).joined(separator: " ")
}

var figures = Figures(loadBefore: loadAverage(), sizes: options.sizes)
print("sizes: \(options.sizes.map(String.init).joined(separator: ", ")); load average before: \(figures.loadBefore)")
let logger = StrataLogging.makeLogger(label: "bench", level: .error)
do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A warm-up pass, not recorded: the first size would otherwise also pay for the process's
    // first calls (page faults in the binary, generic metadata, the page cache).
    if !options.paths.isDisjoint(with: ["store", "purge", "journal"]) {
        _ = try await StoreScale(size: 1_000, folder: scratch.appendingPathComponent("warm-up"), logger: logger).run(figures)
        try? FileManager.default.removeItem(at: scratch.appendingPathComponent("warm-up"))
    }
    for size in options.sizes where options.paths.contains("store") {
        let folder = scratch.appendingPathComponent("store-\(size)")
        figures = try await StoreScale(size: size, folder: folder, logger: logger).run(figures)
        try? FileManager.default.removeItem(at: folder)
        print("  measured \(size) objects (load average \(loadAverage()))")
    }
    for size in options.sizes where options.paths.contains("purge") {
        let folder = scratch.appendingPathComponent("purge-\(size)")
        figures = try await PurgeScale(size: size, folder: folder, logger: logger).run(figures)
        try? FileManager.default.removeItem(at: folder)
        print("  measured the lifespan purge of \(size) objects (load average \(loadAverage()))")
    }
    for size in options.sizes where options.paths.contains("journal") {
        let folder = scratch.appendingPathComponent("journal-\(size)")
        figures = try await JournalScale(size: size, folder: folder, logger: logger).run(figures)
        try? FileManager.default.removeItem(at: folder)
        print("  measured the journal after \(size) offline saves (load average \(loadAverage()))")
    }
    let serverMissing = options.paths.contains("sync") ? SyncScale.serverMissing() : nil
    if let serverMissing { print("  sync push and pull: skipped (\(serverMissing))") }
    for size in options.sizes where options.paths.contains("sync") && serverMissing == nil {
        let (fits, needed) = SyncScale.fits(size)
        guard fits else {
            print("  sync push and pull of \(size) changes: skipped (they need about \(needed / 1_000_000_000) GB free in the temporary folder)")
            continue
        }
        let folder = scratch.appendingPathComponent("sync-\(size)")
        figures = try await SyncScale(size: size, folder: folder, logger: logger).run(figures)
        try? FileManager.default.removeItem(at: folder)
        print("  measured sync push and pull of \(size) changes (load average \(loadAverage()))")
    }
    if !options.paths.contains("status") {
        // Not asked for.
    } else if let (status, hello, host) = StatusScale.executables() {
        for size in options.sizes {
            let folder = scratch.appendingPathComponent("status-\(size)")
            figures = try StatusScale(size: size, folder: folder, status: status, hello: hello, host: host).run(figures)
            try? FileManager.default.removeItem(at: folder)
            print("  measured strata-status on \(size) reports (load average \(loadAverage()))")
        }
    } else {
        print("  strata-status cold start: skipped (build strata-status, strata-bench-hello and strata-host in this configuration)")
    }
    figures.loadAfter = loadAverage()
    figures.printTables()
    print("\nratio = strata / baseline (1.00x = as fast as the baseline); growth = cost per operation / the cost at \(options.sizes[0])")
    print("load average after: \(figures.loadAfter)")
    if let json = options.json { try figures.write(to: URL(fileURLWithPath: json)) }
} catch {
    try? FileManager.default.removeItem(at: scratch)
    FileHandle.standardError.write(Data("strata-bench-scale: \(error)\n".utf8))
    exit(1)
}
