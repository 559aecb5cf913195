/// Who is signed in, as the container's ``SessionService`` tells micro-apps: the account,
/// the user's id on the server, and each group with the user's role in it (the seed's
/// `APAuthInfo`, without the token: micro-apps never see it).
public struct SessionUser: Sendable, Hashable, Codable {
    /// The user's id on the server.
    public var userID: String
    /// The account name the user signed in with.
    public var account: String
    /// The user's groups, each with the user's role in it, in the server's order.
    public var groups: [SessionGroup]

    /// A user with every field given.
    public init(userID: String, account: String, groups: [SessionGroup] = []) {
        self.userID = userID
        self.account = account
        self.groups = groups
    }

    /// Every role the user holds in any group, each once, in group order.
    public var roles: [String] {
        var seen: Set<String> = []
        return groups.map(\.role).filter { seen.insert($0).inserted }
    }

    /// The user's role in the group `groupID`, or `nil` when not a member.
    public func role(inGroup groupID: String) -> String? {
        groups.first { $0.groupID == groupID }?.role
    }

    /// `nurses (lead), ward 2 (member)`, or `none`.
    public var groupsText: String {
        groups.isEmpty ? "none" : groups.map { "\($0.groupName) (\($0.role))" }.joined(separator: ", ")
    }
}

/// One group of a ``SessionUser`` and the user's role in it.
public struct SessionGroup: Sendable, Hashable, Codable {
    /// The group's id on the server.
    public var groupID: String
    /// The group's name, for people.
    public var groupName: String
    /// The user's role in the group (`lead`, `member`, …).
    public var role: String

    /// A group membership with every field given.
    public init(groupID: String, groupName: String, role: String) {
        self.groupID = groupID
        self.groupName = groupName
        self.role = role
    }
}
