/// A factory whose calls pick an implementation: `DataLayerFactory.live` opens the real store,
/// `DomainFactory.make` builds the real services on it. Only composition roots call them
/// (rule `composition-root`); every other module receives what they return as a protocol.
struct LiveFactory: Hashable, Sendable {
    /// The factory type as callers spell it (`DataLayerFactory`).
    let type: String
    /// The static members that pick an implementation (`live`, `readOnly`).
    let members: Set<String>
    /// The target that declares the factory: it may call its own members.
    let module: String
    /// What a caller should accept instead, for fix messages (`any DataLayer`).
    let returns: String
    /// What a test passes instead, for fix messages, or `nil` when there is no double.
    let testDouble: String?

    init(_ type: String, _ members: Set<String>, in module: String, returns: String, testDouble: String? = nil) {
        self.type = type
        self.members = members
        self.module = module
        self.returns = returns
        self.testDouble = testDouble
    }
}
