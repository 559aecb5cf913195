import Foundation

/// Findings about the policy itself: entries for targets the package does not have
/// (`unknown-target`) and exceptions that no longer allow anything (`unused-exception`).
/// Both point at the line of `layers.json` that names the target.
extension LayeringChecker {
    /// Placements, composition roots and exceptions naming a target the package lacks. A
    /// placement with `"mayBeAbsent": true` (or a policy with it at the top level) may wait
    /// for its target.
    func policyViolations() -> [Violation] {
        let lines = PolicyLines(policy: policy, root: root)
        let targets = Set(package.targets.map(\.name))
        var violations: [Violation] = []
        var reported: Set<String> = []
        func unknown(_ name: String, _ what: String, line: Int) {
            guard !targets.contains(name), reported.insert("\(what)|\(name)").inserted else { return }
            let near = Self.nearest(to: name, in: targets).map { " Did you mean \"\($0)\"?" } ?? ""
            violations.append(violation(
                .unknownTarget, path: lines.path, line: line,
                message: "\(policy.source) names target \(name) (\(what)), which the package does not have.",
                fix: "Rename it to the target's name in Package.swift, or remove the entry.\(near) If another branch "
                    + "is adding the target, give its placement `\"mayBeAbsent\": true`.",
                target: name, subject: name
            ))
        }
        for placement in policy.placements where !placement.mayBeAbsent {
            unknown(placement.target, "placed in layer \(placement.layer.name)", line: lines.line(naming: placement.target))
        }
        guard !policy.targetsMayBeAbsent else { return violations }
        for name in policy.compositionRootTargets.sorted() {
            unknown(name, "a composition root", line: lines.line(naming: name, after: "compositionRoots"))
        }
        for exception in policy.exceptions {
            unknown(exception.target, "an exception for \(exception.rule.rawValue)", line: lines.line(naming: exception.target, after: "exceptions"))
        }
        return violations
    }

    /// Value protocols no abstraction-only module of the package declares as a public protocol:
    /// they exempt nothing (`public-surface` reads only those modules' protocols), usually a
    /// rename. Not reported for a shared policy (top-level `mayBeAbsent`).
    func valueProtocolViolations(surfaces: [String: ModuleSurface]) -> [Violation] {
        guard !policy.targetsMayBeAbsent else { return [] }
        let declared = Set(surfaces.values.flatMap(\.publicProtocols.keys))
        let lines = PolicyLines(policy: policy, root: root)
        return policy.valueProtocols.subtracting(declared).sorted().map { name in
            let near = Self.nearest(to: name, in: declared).map { " Did you mean \"\($0)\"?" } ?? ""
            return violation(
                .unknownTarget, path: lines.path, line: lines.line(naming: name, after: "valueProtocols"),
                message: "\(policy.source) names value protocol \(name), which no module that publishes only "
                    + "abstractions declares as a public protocol, so it exempts nothing.",
                fix: "Rename it to the protocol's name, or remove it from \"valueProtocols\".\(near)",
                subject: name
            )
        }
    }

    /// Exceptions of the policy that allow none of `findings` (their target exists: a missing
    /// one is an `unknown-target` finding).
    func unusedExceptionViolations(findings: [Violation]) -> [Violation] {
        let lines = PolicyLines(policy: policy, root: root)
        return policy.exceptions.filter { exception in
            package.target(named: exception.target) != nil && !findings.contains { exception.allows($0) }
        }.map { exception in
            let module = exception.subject.map { " and \($0)" } ?? ""
            return violation(
                .unusedException, path: lines.path, line: lines.line(naming: exception.target, after: "exceptions"),
                message: "the exception for \(exception.rule.rawValue) in \(exception.target)\(module) allows nothing: "
                    + "no such finding is left (reason given: \(exception.reason)).",
                fix: "Remove this entry from \"exceptions\" in \(policy.source); the code it excused is fixed.",
                target: exception.target, subject: exception.subject
            )
        }
    }

    /// The name in `candidates` one or two edits from `name` (case ignored), if there is one.
    static func nearest(to name: String, in candidates: Set<String>) -> String? {
        let word = Array(name.lowercased())
        let scored = candidates.map { ($0, editDistance(word, Array($0.lowercased()))) }.filter { $0.1 <= 2 }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The lines of the policy file, to point a finding about the policy at the entry it is about.
struct PolicyLines {
    /// The policy file as findings name it: relative to the package root when it is inside
    /// it, else its name.
    let path: String
    private let lines: [Substring]

    init(policy: LayerPolicy, root: URL) {
        let url = policy.fileURL ?? root.appendingPathComponent(policy.source)
        let rootPath = root.standardizedFileURL.path
        let filePath = url.standardizedFileURL.path
        path = filePath.hasPrefix(rootPath + "/") ? String(filePath.dropFirst(rootPath.count + 1)) : policy.source
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line of the first `"name"` after the first line containing `"section"` (or
    /// from the top); 1 when not found.
    func line(naming name: String, after section: String? = nil) -> Int {
        let start = section.flatMap { key in lines.firstIndex { $0.contains("\"\(key)\"") } } ?? 0
        return lines[start...].firstIndex { $0.contains("\"\(name)\"") }.map { $0 + 1 } ?? 1
    }
}
