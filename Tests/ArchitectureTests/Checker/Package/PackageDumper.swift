import Foundation
import StrataTestSupport

/// The one error type of the architecture checker: a message naming what failed and where.
struct ArchitectureCheckError: Error, CustomStringConvertible {
    /// A readable sentence naming what went wrong and what was expected.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Obtains the real package description by running `swift package dump-package`.
///
/// - Important: SwiftPM locks its scratch directory (`.build` by default) for as long as a
///   command runs, and `swift test` holds that lock while the tests run. A child `swift
///   package` on the same scratch directory would wait for the lock forever ("Another instance
///   of SwiftPM is already running…"): the test waits for the child, the child for the test.
///   So the child gets its own, fresh scratch path in a temporary directory, and
///   `--manifest-cache none` so it shares no cache file either. `dump-package` only evaluates
///   the manifest: it needs no network and no resolved dependencies, and never builds, so the
///   fresh scratch path costs nothing (it is not even created).
enum PackageDumper {
    /// The package root that holds this test file: `Tests/ArchitectureTests/…` is two levels
    /// below it, so walk up from `#filePath` to the first folder with a `Package.swift`.
    static func packageRoot(from filePath: String = #filePath) throws -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        throw ArchitectureCheckError("no Package.swift above \(filePath)")
    }

    /// The package description of the package at `root`, as SwiftPM sees it.
    ///
    /// Runs `swift package --package-path <root> --scratch-path <temp> --manifest-cache none
    /// dump-package`, found on `PATH`.
    ///
    /// - Throws: ``ArchitectureCheckError`` with the command and its stderr when it fails.
    static func dump(packageAt root: URL) throws -> PackageModel {
        let fileManager = FileManager.default
        let temporary = TemporaryRoot.directory("strata-arch")
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: temporary) }

        let arguments = [
            "swift", "package", "--package-path", root.path,
            "--scratch-path", temporary.appendingPathComponent("scratch").path,
            "--manifest-cache", "none", "dump-package",
        ]
        let errorFile = temporary.appendingPathComponent("stderr.txt")
        guard fileManager.createFile(atPath: errorFile.path, contents: nil) else {
            throw ArchitectureCheckError("cannot create \(errorFile.path) for the child's stderr")
        }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = root
        // SwiftPM keeps lock files and scratch folders in TMPDIR: the child's go into `temporary`
        // too, so they are removed with it.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle  // a file, so a chatty stderr can never block the child
        process.standardInput = FileHandle.nullDevice
        let command = arguments.joined(separator: " ")
        do {
            try process.run()
        } catch {
            throw ArchitectureCheckError("cannot start `\(command)`: \(error)")
        }
        // Read to the end before waiting: the JSON is larger than a pipe buffer.
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw ArchitectureCheckError(
                "`\(command)` exited with status \(process.terminationStatus): \(stderr)"
            )
        }
        return try PackageModel(dumpJSON: json, source: "the output of `\(command)`")
    }
}
