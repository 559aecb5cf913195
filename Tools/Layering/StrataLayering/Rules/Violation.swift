/// One broken rule at one place, with why and the fix.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public let rule: Rule
    /// The file, relative to the package root.
    public let path: String
    /// The 1-based line.
    public let line: Int
    /// What happened, naming the modules and layers involved.
    public let message: String
    /// Why the rule exists (``Rule/why(in:)``).
    public let why: String
    /// How to fix this case.
    public let fix: String
    /// The target whose code or manifest entry breaks the rule, when there is one.
    public let target: String?
    /// What it reaches for: the imported module, the factory call (`DataLayerFactory.live`) or
    /// the declaration's name; `nil` when nothing more specific applies.
    public let subject: String?

    /// A violation of `rule` at `path:line`.
    public init(
        rule: Rule, path: String, line: Int, message: String, why: String, fix: String, target: String? = nil,
        subject: String? = nil
    ) {
        self.rule = rule
        self.path = path
        self.line = line
        self.message = message
        self.why = why
        self.fix = fix
        self.target = target
        self.subject = subject
    }

    /// `path:line: [rule-id] what happened`, then `  Why: …` and `  Fix: …`.
    public var description: String {
        "\(path):\(line): [\(rule.rawValue)] \(message)\n  Why: \(why)\n  Fix: \(fix)"
    }

    /// What identifies the violation without its line (for baselines): rule, file, target,
    /// subject and message.
    public var stableKey: String {
        [rule.rawValue, path, target ?? "", subject ?? "", message].joined(separator: "|")
    }
}
