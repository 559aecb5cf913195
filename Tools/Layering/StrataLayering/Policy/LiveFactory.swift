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
