// strata-bench-load: what strata-server costs under load, per engine (SQLite, PostgreSQL).
//   polls [N] [--seconds S] [--engine …]   N idle long polls (default 1,000): the server's CPU over
//                                           S seconds (default 10) beside the same window with none
//   wrk [--connections C] [--seconds S] [--objects N] [--engine …]
//                                           wrk at C connections (default 64) against the pull and
//                                           query endpoints after seeding N objects: requests/s, p99
// Run in release beside a release strata-server (see Benchmarks/README.md).
import Foundation
import StrataBenchSupport
#if canImport(Glibc)
import Glibc
#endif

let usage = "usage: strata-bench-load polls [count > 0] [--seconds 1-25] [--engine sqlite|postgres|both] | wrk [--connections n] [--seconds n] [--objects n] [--engine sqlite|postgres|both]"

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())[...]
guard let mode = arguments.popFirst(), mode == "polls" || mode == "wrk" else { fail(usage, 64) }
var engines: [Deployment.Engine] = [.sqlite, .postgres]
var count = mode == "polls" ? 1000 : 64
var seconds = 10
var objects = 10_000
while let argument = arguments.popFirst() {
    switch argument {
    case "--engine":
        switch arguments.popFirst() {
        case "sqlite": engines = [.sqlite]
        case "postgres": engines = [.postgres]
        case "both": engines = [.sqlite, .postgres]
        default: fail(usage, 64)
        }
    case "--seconds":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0, mode == "wrk" || value <= 25 else { fail(usage, 64) }
        seconds = value
    case "--connections" where mode == "wrk":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail(usage, 64) }
        count = value
    case "--objects" where mode == "wrk":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail(usage, 64) }
        objects = value
    default:
        guard mode == "polls", let value = Int(argument), value > 0 else { fail(usage, 64) }
        count = value
    }
}

// Every poll is a socket here and one in the server (which inherits this limit).
var limit = rlimit()
getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
limit.rlim_cur = limit.rlim_max
setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
if mode == "polls", limit.rlim_cur < rlim_t(count + 512) {
    fail("strata-bench-load: \(count) polls need \(count + 512) open files; the limit is \(limit.rlim_cur) (raise ulimit -n)", 75)
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-load-\(getpid())")
do {
    defer { try? FileManager.default.removeItem(at: scratch) }
    if mode == "polls" {
        print("strata-bench-load polls: \(count) idle long polls (wait=30) against one release strata-server; its CPU (utime+stime) over \(seconds) s")
        let bench = IdlePolls(polls: count, window: .seconds(seconds))
        for engine in engines {
            let figures = try await bench.run(engine, scratch: scratch.appendingPathComponent(engine.rawValue))
            print(
                engine.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + String(
                        format: "no polls: %5.2f %% of a core   %ld polls: %5.2f %% (%ld still waiting at the end; target < 5 %%)",
                        figures.baseline * 100, count, figures.polling * 100, figures.waiting))
        }
    } else {
        let wrk = try WrkLoad.ensureWrk()
        print("strata-bench-load wrk: \(count) connections, 2 threads, \(seconds) s per endpoint, \(objects) objects seeded; one release strata-server")
        let bench = WrkLoad(objects: objects, connections: count, seconds: seconds)
        for engine in engines {
            let (pull, query) = try bench.run(engine, wrk: wrk, scratch: scratch.appendingPathComponent(engine.rawValue))
            let name = engine.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            print(name + String(format: "pull  (GET since=0, 100/page):   %8.0f requests/s", pull.requestsPerSecond) + "   p99 \(pull.p99)   non-2xx \(pull.non2xx)")
            print(name + String(format: "query (POST age = 42, 50/page): %8.0f requests/s", query.requestsPerSecond) + "   p99 \(query.p99)   non-2xx \(query.non2xx)")
        }
    }
} catch {
    fail("strata-bench-load: \(error)", 1)
}
