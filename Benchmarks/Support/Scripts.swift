public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The repository's `scripts/` (`postgres`, `nginx`), run as child processes.
public enum Scripts {
    /// The repository's `scripts` folder: `STRATA_SCRIPTS`, else the first `scripts/postgres` found
    /// from the current directory or this executable's folder upwards (a build lives in `.build/`).
    public static func folder() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["STRATA_SCRIPTS"] { return URL(fileURLWithPath: path) }
        let starts = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
        ]
        for start in starts {
            var folder = start
            while folder.path != "/" {
                let scripts = folder.appendingPathComponent("scripts")
                if FileManager.default.isExecutableFile(atPath: scripts.appendingPathComponent("postgres").path) { return scripts }
                folder.deleteLastPathComponent()
            }
        }
        throw ServerChild.Failure(description: "found no scripts/postgres above the current directory or the executable; run from the repository or set STRATA_SCRIPTS")
    }

    /// Runs `scripts/name arguments` to completion and returns its `key=value` lines; a failure
    /// names the script and quotes its standard error.
    ///
    /// Spawned and reaped directly (`posix_spawn`, `waitpid`), its output in files: Foundation's
    /// `Process.waitUntilExit` was seen to miss the exit of a script that leaves a watcher behind.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> [String: String] {
        let script = try folder().appendingPathComponent(name).path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("strata-script-\(getpid())-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(atPath: output.path + ".out")
            try? FileManager.default.removeItem(atPath: output.path + ".err")
        }
        let quoted = ([script] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = "exec \(quoted) </dev/null >'\(output.path).out' 2>'\(output.path).err'"
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let shell: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = shell.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp)
        guard spawned == 0 else { throw ServerChild.Failure(description: "cannot run scripts/\(name): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let stdout = (try? String(contentsOfFile: output.path + ".out", encoding: .utf8)) ?? ""
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exit == 0 else {
            let stderr = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
            throw ServerChild.Failure(description: "scripts/\(name) \(arguments.first ?? "") exited \(exit): \(stderr)")
        }
        var values: [String: String] = [:]
        for line in stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }
}
