import Foundation

/// The last report on a package, kept so an unchanged package re-checks in milliseconds
/// without running `swift package dump-package` (about a second) or reading a source file.
///
/// A record is used only when all of these are as they were when it was written:
/// - the ``key``: the checker's identity (its version and its executable's size and time),
///   the policy's bytes, the bytes of every manifest (`Package.swift`, `Package@swift-*.swift`,
///   `Package.resolved`, or the `--package-json` file) and the options that change the check;
/// - the ``TreeStamp`` snapshot of the package root: every folder (its time, or the names it
///   holds) and every Swift file's size, time and inode;
/// - the files outside the root the check read (local dependency packages' manifests),
///   compared by size, time and inode.
/// The baseline is applied after the cache, so changing it needs no new check.
///
/// The record is one JSON file (by default `.build/strata-check-layers/cache.json` under the
/// package root); a record that cannot be read is a miss, and a record that cannot be written
/// costs only the next run's speed.
struct LayeringCache {
    /// The record file.
    let file: URL

    /// What a record stores.
    struct Record: Codable {
        /// ``LayeringCache/recordFormat``.
        var format: Int
        var key: String
        /// ``TreeStamp/snapshot(of:listing:)`` taken before the check.
        var tree: String
        /// Absolute path → ``TreeStamp/fileStamp(_:)`` of files outside the tree the check read.
        var outside: [String: String]
        var report: CachedReport
    }

    /// Bumped when ``Record`` or ``CachedReport`` change shape.
    static let recordFormat = 3

    /// The default record file of the package at `root`.
    static func defaultFile(root: URL) -> URL {
        root.appendingPathComponent(".build/strata-check-layers/cache.json")
    }

    /// The key of a check: `identity` (the checker), the `policy` bytes, each manifest's name and
    /// bytes (`nil` when absent), and `options`.
    static func key(identity: String, policy: Data, manifests: [(name: String, data: Data?)], options: [String]) -> String {
        var hasher = StableHasher()
        hasher.add("format \(recordFormat)\n\(identity)\n")
        hasher.add(policy)
        for manifest in manifests {
            hasher.add("\n\(manifest.name)\n")
            if let data = manifest.data { hasher.add(data) } else { hasher.add("absent") }
        }
        hasher.add("\n" + options.joined(separator: "\u{1}"))
        return hasher.hex
    }

    /// The checker's identity: its version, and the size, time and inode of the running
    /// executable, so a rebuilt checker never trusts an older one's record.
    static var identity: String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        return "\(LayeringCheck.version) \(executable) \(TreeStamp.fileStamp(executable))"
    }

    /// The folders (relative to `root`) whose times a run changes, so the snapshot records
    /// their names instead: the root (where `.build` appears) and the cache file's folder.
    func listedFolders(root: URL) -> Set<String> {
        var folders: Set<String> = [""]
        let parent = file.deletingLastPathComponent().standardizedFileURL.path
        if parent.hasPrefix(root.path + "/") { folders.insert(String(parent.dropFirst(root.path.count + 1))) }
        return folders
    }

    /// The cached report for `key`, when the record holds it and nothing it read under `root`
    /// or outside it changed.
    func report(key: String, root: URL) -> LayeringReport? {
        guard let data = try? Data(contentsOf: file),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              record.format == Self.recordFormat, record.key == key,
              record.outside.allSatisfy({ TreeStamp.fileStamp($0.key) == $0.value }),
              TreeStamp.isUnchanged(record.tree, root: root, listing: listedFolders(root: root))
        else { return nil }
        return record.report.report
    }

    /// Keeps `report` for `key` and `tree` (and `outside`, the files outside the tree the check
    /// read).
    ///
    /// - Returns: why the record could not be written (naming the file), or `nil` when it was:
    ///   the check's answer stands either way, and the caller warns that the next run checks
    ///   from scratch.
    func store(_ report: LayeringReport, key: String, tree: String, outside: [URL]) -> String? {
        let record = Record(
            format: Self.recordFormat, key: key, tree: tree,
            outside: Dictionary(outside.map { ($0.path, TreeStamp.fileStamp($0.path)) }, uniquingKeysWith: { first, _ in first }),
            report: CachedReport(report)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(record) else { return "cannot encode the cache record for \(file.path)" }
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot keep the cache in \(file.path): its folder \(folder.path) cannot be created"
        }
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            let why = FileManager.default.isWritableFile(atPath: folder.path) ? "writing it failed (is the disk full?)" : "its folder is not writable"
            return "cannot keep the cache in \(file.path): \(why)"
        }
        return nil
    }
}

/// A ``LayeringReport`` as the cache stores it.
struct CachedReport: Codable {
    struct Entry: Codable {
        var rule, path, message, why, fix: String
        var line: Int
        var target, subject: String?
    }

    var violations: [Entry]
    var targetCount, fileCount: Int

    init(_ report: LayeringReport) {
        violations = report.violations.map { violation in
            Entry(
                rule: violation.rule.rawValue, path: violation.path, message: violation.message, why: violation.why,
                fix: violation.fix, line: violation.line, target: violation.target, subject: violation.subject
            )
        }
        targetCount = report.targetCount
        fileCount = report.fileCount
    }

    /// The report, or `nil` when a rule id is unknown (a record of another checker).
    var report: LayeringReport? {
        var result: [Violation] = []
        for entry in violations {
            guard let rule = Rule(rawValue: entry.rule) else { return nil }
            result.append(Violation(
                rule: rule, path: entry.path, line: entry.line, message: entry.message, why: entry.why, fix: entry.fix,
                target: entry.target, subject: entry.subject
            ))
        }
        return LayeringReport(violations: result, targetCount: targetCount, fileCount: fileCount)
    }
}
