import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One run of a child process, timed from spawn to reaped, with its peak memory.
struct ChildRun {
    /// Wall-clock time from `posix_spawn` to `wait4` returning.
    var duration: Duration
    /// The child's `ru_maxrss` in KiB. Not its own peak: a child started by `posix_spawn`
    /// (vfork) or `fork` starts from this process's memory, and Linux keeps that high-water
    /// mark across `exec`. ``ChildProcess/peakMemoryKiB(_:_:environment:)`` measures the peak.
    var maxResidentKiB: Int
    /// The exit status (`WEXITSTATUS`).
    var status: Int32
}

/// Spawns executables with `posix_spawn` (standard input, output and error on `/dev/null`)
/// and reaps them with `wait4`, which reports each child's own resource use.
enum ChildProcess {
    /// A failure to start or reap a child.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` in `environment` and waits for it.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        let duration = ContinuousClock.now - start
        return ChildRun(duration: duration, maxResidentKiB: Int(usage.ru_maxrss), status: (status >> 8) & 0xFF)
    }

    /// The peak resident set of one run of `executable`, in KiB, measured by `/usr/bin/time`
    /// (Debian's `time`): a small process whose own forked child runs the executable, so the
    /// figure is the executable's alone, not this benchmark's memory carried across `exec`.
    static func peakMemoryKiB(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Int {
        let time = "/usr/bin/time"
        guard access(time, X_OK) == 0 else {
            throw Failure(description: "\(time) is missing: it measures peak memory (sudo apt-get install time)")
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-status-rss-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try run(time, ["-f", "%M", "-o", report.path, executable] + arguments, environment: environment)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        guard run.status == 0, let kib = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw Failure(description: "\(time) \(executable) exited \(run.status): \(text)")
        }
        return kib
    }
}
