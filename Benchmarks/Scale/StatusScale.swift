import Foundation
import StrataBenchSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// strata-status's cold start, and a one-shot strata-host command's (`reports list`), on a store
/// of `size` case reports, each against a Foundation hello-world (strata-bench-hello), all
/// whole child processes, alternating (as strata-bench-status runs them). The store is made by strata-host (one report) and grown
/// by copying its rows with SQL, a fresh id per copy (as strata-bench-status's `StoreFiller`).
struct StatusScale {
    let size: Int
    let folder: URL
    let status: String
    let hello: String
    let host: String

    static let runs = 7
    /// strata-status's page-check budget (`PageVerification.statusBudget`).
    static let pageBudget: Int64 = 1 << 20

    /// The executables next to this one (or named by STRATA_STATUS_BIN, STRATA_HELLO_BIN,
    /// STRATA_HOST_BIN; strata-host may be a debug build: any build writes the same store).
    /// Nil with the reason when one is missing.
    static func executables() -> (status: String, hello: String, host: String)? {
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let environment = ProcessInfo.processInfo.environment
        func find(_ name: String, _ variable: String, _ fallbacks: [URL] = []) -> String? {
            let candidates = [environment[variable]].compactMap { $0 } + ([products] + fallbacks).map { $0.appendingPathComponent(name).path }
            return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        let debug = products.deletingLastPathComponent().appendingPathComponent("debug")
        guard let status = find("strata-status", "STRATA_STATUS_BIN"), let hello = find("strata-bench-hello", "STRATA_HELLO_BIN"),
            let host = find("strata-host", "STRATA_HOST_BIN", [debug])
        else { return nil }
        return (status, hello, host)
    }

    func run(_ figures: Figures) throws -> Figures {
        var figures = figures
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let environment = ["STRATA_HOME": folder.path, "PATH": "/usr/bin:/bin"]
        let added = try Self.spawn(host, ["reports", "add", "--patient-name", "Patient 0", "--age", "42", "--follow"], environment)
        guard added.status == 0 else { throw BenchError("strata-host reports add exited \(added.status)") }
        try grow(folder.appendingPathComponent("strata.sqlite").path, to: size)
        // One warm-up of each: the page cache holds the binaries and the store for every timed run.
        let strata = try alternating(status, [], environment)
        figures.add(
            "status cold start", operation: "strata-status run on a store of N case reports (spawn to exit)", unit: "ms",
            baseline: "a Foundation hello-world process (strata-bench-hello)",
            .init(size: size, strata: median(strata.command) * 1e3, baseline: median(strata.hello) * 1e3))
        // A one-shot strata-host command on the same store: its cost must not grow with the store either
        // (issue 29: it no longer reads every page on opening).
        let list = try alternating(host, ["reports", "list"], environment)
        figures.add(
            "host one-shot", operation: "strata-host reports list (one page) on a store of N case reports (spawn to exit)",
            unit: "ms", baseline: "a Foundation hello-world process (strata-bench-hello)",
            .init(size: size, strata: median(list.command) * 1e3, baseline: median(list.hello) * 1e3))
        let strataRuns = strata.command
        // Every page's check on its own (what strata-status ran on every open before its budget, and
        // strata-host before issue 29; now only on a file of at most 1 MiB), and the check strata-status runs now.
        let database = try RawSQLite(path: folder.appendingPathComponent("strata.sqlite").path)
        let checks = try (0..<3).map { _ in
            try seconds { guard try database.strings("PRAGMA quick_check(1)") == ["ok"] else { throw BenchError("quick_check failed") } }
        }
        figures.add(
            "status: quick_check", operation: "PRAGMA quick_check of every page of the same store (strata-status's check up to 1 MiB)",
            unit: "ms", baseline: "the strata-status run above (ratio = its share of the run, were it run)",
            .init(size: size, strata: median(checks) * 1e3, baseline: median(strataRuns) * 1e3))
        let bytes = Int64(try database.strings("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size").first ?? "0") ?? 0
        let budgeted =
            bytes <= Self.pageBudget
            ? ["PRAGMA quick_check(1)"]
            : ["sqlite_schema", "_strata_counts", "_strata_settings"].map { "PRAGMA quick_check(\"\($0)\")" }
        let pageChecks = try (0..<5).map { _ in
            try seconds {
                for sql in budgeted { guard try database.strings(sql) == ["ok"] else { throw BenchError("\(sql) failed") } }
            }
        }
        figures.add(
            "status: page check", operation: "the page check strata-status runs on the same store (every page up to 1 MiB, else the schema, counts and settings)",
            unit: "ms", baseline: "the strata-status run above (ratio = its share of the run)",
            .init(size: size, strata: median(pageChecks) * 1e3, baseline: median(strataRuns) * 1e3))
        return figures
    }

    /// `executable` and the hello-world run `runs` times each, alternating which goes first,
    /// after one warm-up each; the seconds of each run.
    private func alternating(_ executable: String, _ arguments: [String], _ environment: [String: String]) throws -> (
        command: [Double], hello: [Double]
    ) {
        _ = try Self.spawn(executable, arguments, environment)
        _ = try Self.spawn(hello, [], environment)
        var (command, baseline) = ([Double](), [Double]())
        for round in 0..<Self.runs {
            for first in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if first {
                    let run = try Self.spawn(executable, arguments, environment)
                    guard run.status == 0 else { throw BenchError("\(executable) \(arguments) exited \(run.status)") }
                    command.append(run.seconds)
                } else {
                    baseline.append(try Self.spawn(hello, [], environment).seconds)
                }
            }
        }
        return (command, baseline)
    }

    /// Copies each data table's and the journal's rows until it holds `count` rows.
    private func grow(_ path: String, to count: Int) throws {
        let db = try RawSQLite(path: path)
        let tables = try db.strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        try db.exec("BEGIN IMMEDIATE")
        // The copies fire the count triggers, so the kept counts stay exact; the counts, the settings
        // and the type versions are one row per name, never copied.
        for table in tables where !["_strata_settings", "_strata_type_versions", "_strata_counts"].contains(table) {
            let columns = try db.strings("SELECT name FROM pragma_table_info('\(table)')")
            guard let key = try db.strings("SELECT name FROM pragma_table_info('\(table)') WHERE pk = 1").first else { continue }
            let have = Int(try db.strings("SELECT count(*) FROM \"\(table)\"").first ?? "0") ?? 0
            guard have > 0, have < count else { continue }
            let isAutoincrement = table == "_strata_journal" || table == "_strata_log"
            let copied = columns.filter { !(isAutoincrement && $0 == key) }
            let unique: Set<String> = isAutoincrement ? ["operationId", "objectId"] : [key]
            let names = copied.map { "\"\($0)\"" }.joined(separator: ", ")
            let values = copied.map { unique.contains($0) ? "\"\($0)\" || '-' || n.i" : "\"\($0)\"" }.joined(separator: ", ")
            try db.exec(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - have))
                INSERT INTO "\(table)" (\(names)) SELECT \(values) FROM n, (SELECT * FROM "\(table)" LIMIT 1)
                """)
        }
        try db.exec("COMMIT")
        try db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Runs `executable` (standard streams on /dev/null) and waits for it.
    private static func spawn(_ executable: String, _ arguments: [String], _ environment: [String: String]) throws -> (seconds: Double, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, flags) in [(Int32(0), O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError("waitpid: \(String(cString: strerror(errno)))") }
        }
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, (status >> 8) & 0xFF)
    }
}
