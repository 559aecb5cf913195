/// What ``AccessRules`` decided.
public enum AccessDecision: Sendable, Hashable {
    /// The operation may go ahead.
    case allowed
    /// The operation is refused; the reason is one sentence naming the rule
    /// (`a member may not delete another member's object`).
    case refused(String)

    /// The reason of a refusal, `nil` when allowed.
    public var reason: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}
