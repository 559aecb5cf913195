import Foundation

/// The real `strata-server`, run as child processes: the admin commands, then `serve --port 0`
/// on loopback over a data directory in the scratch folder.
struct ServerChild {
    /// What a failed step printed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The built `strata-server`: `STRATA_SERVER_BIN`, else the one beside this executable
    /// (a `swift build` puts every product in one folder).
    let executable: URL
    /// The server's data directory.
    let dataDirectory: URL

    init(dataDirectory: URL) throws {
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
    }

    /// Runs `strata-server arguments --data-dir DIR` to completion and returns its standard output.
    @discardableResult
    func admin(_ arguments: [String], stdin: String? = nil) throws -> String {
        let (process, out, err) = try start(arguments, stdin: stdin)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "strata-server \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    /// Starts `strata-server serve --port 0` and returns the process and the port it printed.
    func serve() throws -> (Process, Int) {
        let (process, out, _) = try start(["serve", "--port", "0", "--log-level", "error"], stdin: nil)
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
        process.arguments = arguments + ["--data-dir", dataDirectory.path]
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
