/// Who is signed in, as the login-state service tells micro-apps: the account, the user's id
/// on the server, and each group with the user's role in it (the seed's `APAuthInfo`, without
/// the token: micro-apps never see it). ``AuthInfo/user`` makes it.
public struct SessionUser: Sendable, Hashable, Codable {
    /// The user's id on the server.
    public var userID: String
    /// The account name the user signed in with.
    public var account: String
    /// The user's groups, each with the user's role in it, in the server's order.
    public var groups: [GroupRole]

    /// A user with every field given.
    public init(userID: String, account: String, groups: [GroupRole] = []) {
        self.userID = userID
        self.account = account
        self.groups = groups
    }

    /// Every role the user holds in any group, each once, in group order.
    public var roles: [String] {
        var seen: Set<String> = []
        return groups.map(\.roleName).filter { seen.insert($0).inserted }
    }

    /// The user's role in the group `groupID`, or `nil` when not a member.
    public func role(inGroup groupID: String) -> String? {
        groups.first { $0.groupID == groupID }?.roleName
    }

    /// `nurses (lead), ward 2 (member)`, or `none`.
    public var groupsText: String {
        groups.isEmpty ? "none" : groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", ")
    }
}

extension AuthInfo {
    /// Who this session is, without the token.
    public var user: SessionUser {
        SessionUser(userID: userID, account: account, groups: groups)
    }
}
