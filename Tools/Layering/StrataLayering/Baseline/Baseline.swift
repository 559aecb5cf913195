public import Foundation

/// The violations a package accepted on the day it adopted the rule (`--write-baseline`), so
/// later runs report only new ones — as ArchUnit's freeze and dependency-cruiser's baseline
/// do — and the package can fix the old ones step by step.
///
/// Entries carry no line numbers and no message: a violation is the same one when code above it
/// moves, or when an unrelated manifest edit changes the dependency chain its message names
/// (its key is rule, file, target and subject, see ``Violation/baselineKey``; the message is
/// kept in the file for the reader). Files written before the key dropped the message load as
/// they are.
public struct Baseline: Sendable, Equatable {
    /// One accepted violation.
    public struct Entry: Codable, Sendable, Hashable {
        /// The rule id.
        public let rule: String
        /// The file, relative to the package root.
        public let path: String
        /// The target that breaks the rule, if any.
        public let target: String?
        /// The imported module, factory call or declaration, if any.
        public let subject: String?
        /// The violation's message when it was recorded, for the reader (not part of the key).
        public let message: String?

        /// The entry for `violation`.
        public init(_ violation: Violation) {
            rule = violation.rule.rawValue
            path = violation.path
            target = violation.target
            subject = violation.subject
            message = violation.message
        }

        /// The key ``Violation/baselineKey`` gives the same violation.
        public var key: String { Violation.baselineKey(rule: rule, path: path, target: target, subject: subject) }
    }

    /// The accepted violations, in report order.
    public let entries: [Entry]

    /// A baseline accepting `violations`.
    public init(_ violations: [Violation]) {
        entries = violations.map(Entry.init)
    }

    private struct File: Codable {
        var comment: String?
        var violations: [Entry]

        enum CodingKeys: String, CodingKey {
            case comment = "$comment"
            case violations
        }
    }

    /// The baseline file's contents: pretty, sorted JSON ending in a newline.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let file = File(
            comment: "Layering violations accepted when the rule was adopted (strata-check-layers --write-baseline). "
                + "Later runs report only new ones. Fix these, then write the baseline again.",
            violations: entries
        )
        return ((try? encoder.encode(file)) ?? Data()) + Data("\n".utf8)
    }

    /// The baseline in the file at `url`.
    ///
    /// - Throws: ``LayeringError`` when the file cannot be read (missing, not a regular file,
    ///   unreadable, empty, over ``InputFile/baselineLimit``: 32 MiB) or is not a baseline.
    public static func load(from url: URL) throws -> Baseline {
        let data = try InputFile.read(
            url, limit: InputFile.baselineLimit, expected: "a layering baseline (the file --write-baseline writes)"
        )
        do {
            if let problem = InputFile.jsonProblem(in: data) { throw LayeringError(problem) }
            return Baseline(entries: try JSONDecoder().decode(File.self, from: data).violations)
        } catch {
            throw LayeringError(
                "\(url.lastPathComponent): not a layering baseline (\(PackageModel.describe(error))); expected the file "
                    + "--write-baseline writes"
            )
        }
    }

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// Splits `violations` into new ones and those this baseline accepts (each entry accepts
    /// one violation), and lists the entries nothing matched any more: fixed.
    public func compare(_ violations: [Violation]) -> BaselineComparison {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += 1 }
        var new: [Violation] = []
        var baselined: [Violation] = []
        for violation in violations {
            if let count = remaining[violation.baselineKey], count > 0 {
                remaining[violation.baselineKey] = count - 1
                baselined.append(violation)
            } else {
                new.append(violation)
            }
        }
        var fixed: [Entry] = []
        for entry in entries where (remaining[entry.key] ?? 0) > 0 {
            remaining[entry.key, default: 0] -= 1
            fixed.append(entry)
        }
        return BaselineComparison(new: new, baselined: baselined, fixed: fixed)
    }
}

/// What a run finds against a baseline.
public struct BaselineComparison: Sendable {
    /// Violations the baseline does not accept: the ones to report.
    public let new: [Violation]
    /// Violations the baseline accepts: still there, not reported.
    public let baselined: [Violation]
    /// Baseline entries no violation matches any more: fixed (or stale). Reported as warnings
    /// (each listed); they fail the run only with `--strict-baseline`.
    public let fixed: [Baseline.Entry]

    /// `Baseline: 3 accepted violations still present, 1 entry fixed (run --write-baseline to drop it).`
    public var summary: String {
        var line = "Baseline: \(baselined.count) accepted violation\(baselined.count == 1 ? "" : "s") still present"
        if fixed.isEmpty { return line + ", none fixed." }
        line += ", \(fixed.count) entr\(fixed.count == 1 ? "y" : "ies") fixed or stale "
        return line + "(run --write-baseline to drop \(fixed.count == 1 ? "it" : "them"))."
    }

    /// One warning line per stale entry: `warning: stale baseline entry [layer-rank] Modules/Data/Store.swift
    /// (target StrataData, StrataDomain): no such violation any more.`
    public var staleWarnings: [String] {
        fixed.map { entry in
            let about = [entry.target.map { "target \($0)" }, entry.subject].compactMap { $0 }.joined(separator: ", ")
            return "warning: stale baseline entry [\(entry.rule)] \(entry.path)\(about.isEmpty ? "" : " (\(about))"): "
                + "no such violation any more; run --write-baseline to drop it."
        }
    }
}
