import Foundation

/// The violations of one edge: one rule broken by one target reaching for one module (or
/// factory call, or declaration), wherever its files do it. Forty files of one target that
/// import one module it must not are one decision to fix, so text output shows one group with
/// every `file:line`, while JSON and SARIF keep each ``Violation``.
public struct ViolationGroup: Sendable {
    /// The rule broken.
    public let rule: Rule
    /// The target that breaks it, when there is one.
    public let target: String?
    /// What it reaches for (``Violation/subject``), when there is one.
    public let subject: String?
    /// Every violation of the edge, in report order (at least one).
    public let violations: [Violation]

    /// What happened, as the first violation says it, without its `#if` note (some of the
    /// places may sit outside an `#if`).
    public var message: String {
        let first = violations[0].message
        guard let note = first.range(of: ViolationGroup.conditionalNote) else { return first }
        return String(first[..<note.lowerBound]) + first[note.upperBound...]
    }

    /// Why the rule exists.
    public var why: String { violations[0].why }

    /// How to fix it (the first violation's fix: one edge, one fix).
    public var fix: String { violations[0].fix }

    /// `path:line` of every violation of the edge.
    public var locations: [String] { violations.map { "\($0.path):\($0.line)" } }

    /// The note an import inside an `#if` adds to its message.
    static let conditionalNote = " (inside an #if branch: every branch counts)"

    /// `violations` grouped by edge: one group per (rule, target, subject) when the violation
    /// names both a target and a subject, each other violation alone. Groups are ordered by
    /// their first violation; inside a group the violations keep their order.
    public static func grouping(_ violations: [Violation]) -> [ViolationGroup] {
        var order: [String] = []
        var members: [String: [Violation]] = [:]
        for (position, violation) in violations.enumerated() {
            let key: String
            if let target = violation.target, let subject = violation.subject {
                key = "edge|\(violation.rule.rawValue)|\(target)|\(subject)"
            } else {
                key = "one|\(position)"
            }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(violation)
        }
        return order.compactMap { key in
            guard let group = members[key], let first = group.first else { return nil }
            return ViolationGroup(rule: first.rule, target: first.target, subject: first.subject, violations: group)
        }
    }
}
