/// A group of users: group-scope objects are shared among its members.
public struct GroupRecord: Sendable, Hashable {
    /// The group's id.
    public var id: String
    /// The group's unique name.
    public var name: String

    /// A group.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
