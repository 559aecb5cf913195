import Foundation
@testable import StrataLayering
import StrataTestSupport

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
        throw LayeringError("no Package.swift above \(filePath)")
    }

    /// The package description of the package at `root`, as SwiftPM sees it.
    ///
    /// Runs `swift package --package-path <root> --scratch-path <temp> --manifest-cache none
    /// dump-package`, found on `PATH`.
    ///
    /// The child is awaited (``StrataProcess/Running/finish(within:)``), so no thread of the
    /// cooperative pool waits for it while the other tests run.
    ///
    /// - Throws: ``LayeringError`` with the command and its stderr when it fails.
    static func dump(packageAt root: URL) async throws -> PackageModel {
        let fileManager = FileManager.default
        let temporary = TemporaryRoot.directory("strata-arch")
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: temporary) }

        let arguments = [
            "swift", "package", "--package-path", root.path,
            "--scratch-path", temporary.appendingPathComponent("scratch").path,
            "--manifest-cache", "none", "dump-package",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = root
        // SwiftPM keeps lock files and scratch folders in TMPDIR: the child's go into `temporary`
        // too, so they are removed with it.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let command = arguments.joined(separator: " ")
        let running: StrataProcess.Running
        do {
            // Both outputs drain on threads of their own, so neither can block the child.
            running = try StrataProcess.start(process)
        } catch {
            throw LayeringError("cannot start `\(command)`: \(error)")
        }
        let outcome = await running.finish(within: .seconds(300))
        guard outcome.status == 0 else {
            throw LayeringError("`\(command)` exited with status \(outcome.status): \(outcome.stderr)")
        }
        return try PackageModel(dumpJSON: Data(outcome.stdout.utf8), source: "the output of `\(command)`")
    }
}
