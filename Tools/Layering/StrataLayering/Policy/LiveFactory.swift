/// A factory whose calls pick an implementation: `DataLayerFactory.live` opens the real store,
/// `DomainFactory.make` builds the real services on it. Only composition roots call them
/// (rule `composition-root`); every other module receives what they return as a protocol.
///
/// Factories are found in the code, never listed by hand (see
/// ``LayeringChecker/liveFactories()``): a factory is a public type whose name ends in
/// `Factory`, declared in a module that is not test support; its *live members* are its public
/// static (or class) functions and static vars, wherever in production code they are declared
/// (the type's body or an extension). A `static let` is a constant (`SecretServiceFactory.schemaName`),
/// not a pick. Public static functions that test-support modules add to the type
/// (`DataLayerFactory.inMemory()` in `StrataDataTesting`) are its *test doubles*.
public struct LiveFactory: Hashable, Sendable {
    /// One public static member of a factory, as found in the source.
    public struct Member: Hashable, Sendable {
        /// The member's name (`live`).
        public let name: String
        /// The target that declares it: it may call the factory's members.
        public let module: String
        /// How a call reads with the labels it needs (the parameters without a default):
        /// `inMemory()`, `scripted(data:script:)`; a var is its name.
        public let call: String
        /// The declared result type (`any DataLayer`), or `nil` when it returns nothing.
        public let returns: String?
        /// The file that declares it, relative to the package root.
        public let path: String
        /// The 1-based line of its declaration.
        public let line: Int

        /// A member `name` of a factory, declared in `module` at `path`:`line`.
        public init(name: String, module: String, call: String, returns: String?, path: String, line: Int) {
            self.name = name
            self.module = module
            self.call = call
            self.returns = returns
            self.path = path
            self.line = line
        }

        /// What a caller takes as a parameter instead of calling this member: its result type
        /// with `some` read as `any` (`any DataLayer`), or `nil` when the result is no protocol
        /// (a value, or nothing).
        public var parameterType: String? {
            guard let returns else { return nil }
            if returns.hasPrefix("any ") { return returns }
            if returns.hasPrefix("some ") { return "any " + returns.dropFirst(5) }
            return nil
        }
    }

    /// The factory type as callers spell it (`DataLayerFactory`).
    public let type: String
    /// The target that declares the type.
    public let module: String
    /// The live members, one per name (the first declaration of an overloaded name), in source order.
    public let members: [Member]
    /// The test doubles test-support modules add, one per name (the overload a call needs the
    /// fewest labels for), in source order.
    public let doubles: [Member]

    /// A factory `type` declared in `module`, with its live `members` and test `doubles`.
    public init(type: String, module: String, members: [Member], doubles: [Member] = []) {
        self.type = type
        self.module = module
        self.members = members
        self.doubles = doubles
    }

    /// The names of the live members.
    public var memberNames: Set<String> { Set(members.map(\.name)) }

    /// The live member called `name`, if there is one.
    public func member(named name: String) -> Member? {
        members.first { $0.name == name }
    }

    /// What tests pass instead of `member`'s result, for fix messages: the doubles that return
    /// the same type, each with its module (`DataLayerFactory.inMemory() (StrataDataTesting)`),
    /// or `nil` when there is none.
    public func testDouble(for member: Member) -> String? {
        let matching = doubles.filter { $0.returns != nil && $0.returns == member.returns }
        guard !matching.isEmpty else { return nil }
        var modules: [String] = []
        for double in matching where !modules.contains(double.module) { modules.append(double.module) }
        return modules.map { module in
            let calls = matching.filter { $0.module == module }.map { "\(type).\($0.call)" }
            return "\(calls.joined(separator: ", ")) (\(module))"
        }.joined(separator: "; ")
    }
}
