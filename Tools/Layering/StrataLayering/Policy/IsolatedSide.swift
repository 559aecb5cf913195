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
