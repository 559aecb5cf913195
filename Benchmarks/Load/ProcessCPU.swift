import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A process's CPU time from `/proc/PID/stat` (user + system, all its threads).
enum ProcessCPU {
    /// The process's CPU seconds so far.
    static func seconds(of pid: Int32) throws -> Double {
        let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
        guard let close = text.lastIndex(of: ")") else { throw RawHTTP.Failure(description: "/proc/\(pid)/stat is not as expected") }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): utime is field 14, stime 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw RawHTTP.Failure(description: "/proc/\(pid)/stat has no utime and stime")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The share of one core `pid` used over `duration` (0.05 = 5 %).
    static func share(of pid: Int32, over duration: Duration) async throws -> Double {
        let before = try seconds(of: pid)
        let start = ContinuousClock.now
        try await Task.sleep(for: duration)
        let elapsed = ContinuousClock.now - start
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (try seconds(of: pid) - before) / wall
    }
}
