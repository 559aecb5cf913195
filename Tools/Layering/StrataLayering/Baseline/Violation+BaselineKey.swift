extension Violation {
    /// What identifies the violation in a baseline: rule, file, target and subject, joined by
    /// `|`. No line (code above it moves) and no message (it names dependency chains and
    /// layers, which an unrelated manifest or policy edit changes). Two violations with one key
    /// are told apart by count: a baseline entry accepts one violation.
    public var baselineKey: String {
        Self.baselineKey(rule: rule.rawValue, path: path, target: target, subject: subject)
    }

    /// The key of a violation of rule id `rule` in `path` by `target` about `subject`.
    static func baselineKey(rule: String, path: String, target: String?, subject: String?) -> String {
        [rule, path, target ?? "", subject ?? ""].joined(separator: "|")
    }
}
