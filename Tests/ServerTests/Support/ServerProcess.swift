import Foundation

/// Runs the built `strata-server` as a child process; it is found next to the test bundle
/// (SwiftPM puts every product of a build in one folder).
struct ServerProcess {
    /// What a finished run printed and how it ended.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
    }

    /// The built executable.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("strata-server").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("strata-server")
    }()

    /// Starts `strata-server arguments` with `stdin` written to its standard input.
    static func start(_ arguments: [String], stdin: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
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

    /// Runs `strata-server arguments` to completion.
    static func run(_ arguments: [String], stdin: String? = nil) throws -> Outcome {
        let (process, out, err) = try start(arguments, stdin: stdin)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
