public import Foundation

/// Reading a package's description by running `swift package dump-package`.
///
/// The child gets its own scratch path and temporary folder: SwiftPM locks the package's
/// scratch directory (`.build`) while a command runs, and `swift package check-layers` (or
/// `swift test`) holds that lock; a child on the same directory would wait for it forever.
/// `dump-package` only evaluates the manifest: no network, no build, so the fresh scratch path
/// costs nothing.
///
/// - Important: it waits for the child on the calling thread: call it from a command-line
///   tool's main thread, never from async code (tests use their own awaiting dumper).
extension PackageModel {
    /// The description of the package at `root`.
    ///
    /// - Throws: ``LayeringError`` naming the command and its first error line when it fails.
    public static func dump(packageAt root: URL) throws -> PackageModel {
        let fileManager = FileManager.default
        let temporary = fileManager.temporaryDirectory.appendingPathComponent("strata-check-layers-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw LayeringError("\(temporary.path): cannot create a scratch folder; expected a writable temporary folder (TMPDIR)")
        }
        defer { try? fileManager.removeItem(at: temporary) }
        let arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", temporary.appendingPathComponent("scratch").path,
            "--manifest-cache", "none", "dump-package",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let output = Pipe()
        let errors = temporary.appendingPathComponent("stderr")
        _ = fileManager.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = output
        guard let errorHandle = FileHandle(forWritingAtPath: errors.path) else {
            throw LayeringError("\(errors.path): cannot create a file; expected a writable temporary folder (TMPDIR)")
        }
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        let command = "swift package dump-package"
        do {
            try process.run()
        } catch {
            throw LayeringError("cannot start `\(command)`; expected `swift` on PATH")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let first = stderr.split(separator: "\n").first { $0.contains("error") } ?? stderr.split(separator: "\n").first ?? ""
            throw LayeringError("`\(command)` failed in \(root.path) (status \(process.terminationStatus)): \(first)")
        }
        return try PackageModel(dumpJSON: data, source: "the output of `\(command)`")
    }
}
