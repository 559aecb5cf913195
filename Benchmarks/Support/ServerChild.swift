public import Foundation

/// The real `strata-server`, run as child processes: the admin commands, then `serve --port 0`
/// on loopback over a data directory in the scratch folder, or over PostgreSQL (`database`).
public struct ServerChild: Sendable {
    /// What a failed step printed.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, for the benchmark's one error line.
        public var description: String
        /// A failure described by `description`.
        public init(description: String) { self.description = description }
    }

    /// The built `strata-server`: `STRATA_SERVER_BIN`, else the one beside this executable
    /// (a `swift build` puts every product in one folder).
    public let executable: URL
    /// The server's data directory.
    public let dataDirectory: URL
    /// A PostgreSQL URL (`--database`), or `nil` for SQLite in ``dataDirectory``.
    public let database: String?

    /// The server over `dataDirectory` (SQLite) or `database` (a PostgreSQL URL); throws when
    /// the executable is missing.
    public init(dataDirectory: URL, database: String? = nil) throws {
        if let path = ProcessInfo.processInfo.environment["STRATA_SERVER_BIN"] {
            executable = URL(fileURLWithPath: path)
        } else {
            executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("strata-server")
        }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(executable.path) is not an executable: build strata-server in the same configuration first (swift build -c release) or set STRATA_SERVER_BIN")
        }
        self.dataDirectory = dataDirectory
        self.database = database
    }

    /// Runs `strata-server arguments --data-dir DIR` to completion and returns its standard output.
    @discardableResult
    public func admin(_ arguments: [String], stdin: String? = nil) throws -> String {
        let (process, out, err) = try start(arguments, stdin: stdin)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "strata-server \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    /// Starts `strata-server serve --port 0` (plus `extra` options) and returns the process and the port it printed.
    public func serve(_ extra: [String] = []) throws -> (Process, Int) {
        let (process, out, _) = try start(["serve", "--port", "0", "--log-level", "error"] + extra, stdin: nil)
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            process.terminate()
            throw Failure(description: "strata-server serve printed no port: '\(line)'")
        }
        return (process, port)
    }

    private func start(_ arguments: [String], stdin: String?) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--data-dir", dataDirectory.path] + (database.map { ["--database", $0] } ?? [])
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return (process, out, err)
    }
}
