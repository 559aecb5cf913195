#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// When this process started, from `/proc` (Linux), for telling a file a dead process left
/// from one a running process may still be using.
enum ProcessStart {
    /// The process's start, in seconds since 1970, minus a safety margin of 2 s (the boot time
    /// `/proc/stat` gives is rounded to the second); `nil` when `/proc` cannot tell.
    static func time() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let bootLine = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let boot = Double(bootLine.dropFirst("btime ".count).trimmingWhitespace())
        else { return nil }
        // After the command name in parentheses: field 3 (state) onwards; field 22 is the start
        // time in clock ticks since boot.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
        return boot + ticks / ticksPerSecond - 2
    }
}
