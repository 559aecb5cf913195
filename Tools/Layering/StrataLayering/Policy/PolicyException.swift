/// A violation the policy allows on purpose, with the reason: the edge from `target` to
/// `module` (or every violation of `rule` in `target` when no module is given).
public struct PolicyException: Hashable, Sendable {
    /// The rule allowed.
    public let rule: Rule
    /// The target whose code (or manifest entry) breaks it.
    public let target: String
    /// The imported module, factory call or declaration, or `nil` for any.
    public let subject: String?
    /// Why this is allowed: required, so every exception explains itself.
    public let reason: String

    /// An exception for `rule` in `target` (for `subject`, if given), because of `reason`.
    public init(rule: Rule, target: String, subject: String? = nil, reason: String) {
        self.rule = rule
        self.target = target
        self.subject = subject
        self.reason = reason
    }

    /// Whether this exception allows `violation`.
    public func allows(_ violation: Violation) -> Bool {
        violation.rule == rule && violation.target == target && (subject == nil || violation.subject == subject)
    }
}
