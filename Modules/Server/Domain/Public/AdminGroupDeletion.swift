/// What `admin group delete` did.
public struct AdminGroupDeletion: Sendable, Hashable, Codable {
    /// The deleted group.
    public var group: AdminGroup
    /// How many memberships went with it (more than 0 only with `--force`).
    public var membershipsRemoved: Int

    /// A deletion.
    public init(group: AdminGroup, membershipsRemoved: Int) {
        self.group = group
        self.membershipsRemoved = membershipsRemoved
    }
}
