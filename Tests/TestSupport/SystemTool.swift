public import Foundation

/// A system tool a test runs for real (`curl`, `openssl`, `nginx`, `systemd-analyze`), found in
/// the usual folders and run as a child process (``StrataProcess/start(_:)``, never
/// Foundation's `Process.run()`).
///
/// `scripts/test` installs the Debian packages first (`scripts/lib/ensure-tools.sh`); a test
/// that still finds one missing fails naming the package, never skips.
public enum SystemTool {
    /// A tool that is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// The message naming the tool and its Debian package.
        public let description: String
    }

    /// The path of `name` in `/usr/bin`, `/usr/sbin`, `/bin`, `/sbin` or `/usr/local/bin`.
    ///
    /// - Throws: ``Missing`` naming Debian's `package`, which `scripts/test` installs.
    public static func path(_ name: String, package: String) throws -> String {
        for folder in ["/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/local/bin"] {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Missing(
            description: "\(name) is missing: install Debian's \(package) (scripts/test installs it with apt-get)")
    }

    /// Runs the tool at `path` with `arguments` and waits for it (at most `timeout`, by default
    /// ``Patience/childProcess``).
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        timeout: Duration = Patience.childProcess
    ) async throws -> StrataProcess.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        return try await StrataProcess.start(process).finish(within: timeout)
    }
}
