/// A group as the admin commands show it.
public struct AdminGroup: Sendable, Hashable, Codable {
    /// The group's id.
    public var id: String
    /// The group's name.
    public var name: String
    /// A group.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
