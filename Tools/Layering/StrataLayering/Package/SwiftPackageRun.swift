import Foundation

/// One `swift package` child with a scratch path and `TMPDIR` of its own, its output in files.
///
/// SwiftPM locks the package's scratch directory (`.build`) while a command runs, and `swift
/// package check-layers` (or `swift test`) holds that lock; a child on the same directory would
/// wait for it forever. So each child gets a fresh scratch path inside `folder`, and
/// `--manifest-cache none` so it shares no cache file either. Several may run at once (see
/// ``runAll(_:in:)``): each writes its output to a file, so none blocks on a full pipe.
///
/// - Important: waiting blocks the calling thread: call it from a command-line tool's main
///   thread, never from async code.
struct SwiftPackageRun {
    /// `swift package <subcommand>` on the package at `root`, with `arguments` after it.
    struct Request {
        let root: URL
        let subcommand: [String]
    }

    /// The command's output, or one line saying why it failed.
    typealias Outcome = Result<Data, LayeringError>

    private let request: Request
    private let process: Process
    private let output: URL
    private let errors: URL

    /// `swift package …` in words, for messages.
    private var command: String { "swift package \(request.subcommand.joined(separator: " "))" }

    /// Starts `request`, keeping its files in `folder` (created, and left for the caller to remove).
    private init(_ request: Request, in folder: URL) throws {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LayeringError("\(folder.path): cannot create a scratch folder; expected a writable temporary folder (TMPDIR)")
        }
        self.request = request
        output = folder.appendingPathComponent("stdout")
        errors = folder.appendingPathComponent("stderr")
        _ = fileManager.createFile(atPath: output.path, contents: nil)
        _ = fileManager.createFile(atPath: errors.path, contents: nil)
        guard let outputHandle = FileHandle(forWritingAtPath: output.path),
              let errorHandle = FileHandle(forWritingAtPath: errors.path) else {
            throw LayeringError("\(folder.path): cannot create a file; expected a writable temporary folder (TMPDIR)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", request.root.path, "--scratch-path",
            folder.appendingPathComponent("scratch").path, "--manifest-cache", "none",
        ] + request.subcommand
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        process.environment = environment
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw LayeringError("cannot start `swift package`; expected `swift` on PATH")
        }
    }

    /// Waits for the child: its standard output, or its first error line.
    private func finish() -> Outcome {
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return .failure(LayeringError(
                "`\(command)` failed in \(request.root.path) (status \(process.terminationStatus)): \(Self.firstError(in: stderr))"
            ))
        }
        do {
            return .success(try Data(contentsOf: output))
        } catch {
            return .failure(LayeringError("\(output.path): cannot read the output of `\(command)`"))
        }
    }

    /// The line of `stderr` that says what went wrong: a compiler error with its file and line
    /// (`Package.swift:5:1: error: …`) when there is one, else the first line naming an error
    /// without the compiler command SwiftPM appends (`Invalid manifest (compiled with: [...])`).
    static func firstError(in stderr: String) -> String {
        let lines = stderr.split(separator: "\n")
        if let located = lines.first(where: { $0.contains(".swift:") && $0.contains(": error: ") }) { return String(located) }
        let line = lines.first { $0.contains("error") } ?? lines.first ?? ""
        return String(line.components(separatedBy: " (compiled with: ").first ?? String(line))
    }

    /// Runs one request and returns its output.
    ///
    /// - Throws: ``LayeringError`` naming the command and its first error line when it fails.
    static func run(_ request: Request, in folder: URL) throws -> Data {
        try runAll([request], in: folder)[0].get()
    }

    /// Runs `requests`, a few at a time (one per processor, at least two), each in a subfolder
    /// of `folder`; the outcomes are in the order of `requests`.
    static func runAll(_ requests: [Request], in folder: URL) -> [Outcome] {
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        var outcomes: [Outcome?] = Array(repeating: nil, count: requests.count)
        var running: [(position: Int, run: SwiftPackageRun)] = []
        for (position, request) in requests.enumerated() {
            if running.count == width {
                let oldest = running.removeFirst()
                outcomes[oldest.position] = oldest.run.finish()
            }
            do {
                running.append((position, try SwiftPackageRun(request, in: folder.appendingPathComponent("run-\(position)"))))
            } catch let error as LayeringError {
                outcomes[position] = .failure(error)
            } catch {
                outcomes[position] = .failure(LayeringError("cannot start `swift package`: \(error)"))
            }
        }
        for (position, run) in running { outcomes[position] = run.finish() }
        return outcomes.map { $0 ?? .failure(LayeringError("`swift package` did not run")) }
    }
}
