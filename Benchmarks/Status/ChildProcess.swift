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
    /// The child's peak resident set (`ru_maxrss`), in KiB.
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
}
