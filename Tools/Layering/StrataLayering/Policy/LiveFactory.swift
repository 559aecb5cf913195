/// A factory whose calls pick an implementation: `DataLayerFactory.live` opens the real store,
/// `DomainFactory.make` builds the real services on it. Only composition roots call them
/// (rule `composition-root`); every other module receives what they return as a protocol.
public struct LiveFactory: Hashable, Sendable {
    /// The factory type as callers spell it (`DataLayerFactory`).
    public let type: String
    /// The static members that pick an implementation (`live`, `readOnly`).
    public let members: Set<String>
    /// The target that declares the factory: it may call its own members.
    public let module: String
    /// What a caller should accept instead, for fix messages (`any DataLayer`).
    public let returns: String
    /// What a test passes instead, for fix messages, or `nil` when there is no double.
    public let testDouble: String?

    /// A factory `type` in target `module` whose `members` pick an implementation.
    public init(_ type: String, _ members: Set<String>, in module: String, returns: String, testDouble: String? = nil) {
        self.type = type
        self.members = members
        self.module = module
        self.returns = returns
        self.testDouble = testDouble
    }
}

/// One isolated side: a program whose modules never import another side's (Strata's client
/// and server). A module with no side is shared by all of them.
public struct IsolatedSide: Hashable, Sendable {
    /// The side's name (`client`).
    public let name: String
    /// What belongs to it, in words, for messages.
    public let description: String
    /// Where its composition root is, in words (`Hosts/strata-server/CompositionRoot.swift`),
    /// for `composition-root` fixes; `{target}` stands for the module that broke the rule.
    public let compositionRoot: String?

    /// A side called `name`.
    public init(_ name: String, description: String, compositionRoot: String? = nil) {
        self.name = name
        self.description = description
        self.compositionRoot = compositionRoot
    }
}

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
