import StrataWire

/// The caller as ``AccessRules`` sees them: their user id, their role in each of their groups,
/// and whether they are an administrator.
public struct AccessCaller: Sendable, Hashable {
    /// The caller's user id.
    public var userId: String
    /// The caller's role in each of their groups, by group id.
    public var roles: [String: GroupRole]
    /// The caller's primary group (their first), the owner group of the objects they create.
    public var primaryGroupId: String?
    /// Whether the caller is a server administrator.
    public var isAdministrator: Bool

    /// A caller: `session`'s user and groups (each role by its stored name, see
    /// ``GroupRole/init(stored:)``), an administrator when `isAdministrator`.
    public init(session: ServerSession, isAdministrator: Bool) {
        userId = session.userId
        var roles: [String: GroupRole] = [:]
        for group in session.groups where roles[group.groupId] == nil {
            roles[group.groupId] = GroupRole(stored: group.roleName)
        }
        self.roles = roles
        primaryGroupId = session.groups.first?.groupId
        self.isAdministrator = isAdministrator
    }

    /// The caller's role towards an object whose owner group is `groupId`.
    public func role(inGroup groupId: String?) -> AccessRole {
        if isAdministrator { return .administrator }
        switch groupId.flatMap({ roles[$0] }) {
        case .lead: return .lead
        case .member: return .member
        case nil: return .outsider
        }
    }

    /// Whether the caller owns an object owned by `ownerUser`.
    public func relation(toOwner ownerUser: String) -> OwnerRelation {
        ownerUser == userId ? .own : .others
    }

    /// ``AccessRules/decide(_:_:scope:owner:)`` for `operation` on an existing object of scope
    /// `scope` (1 user, 2 group, 3 all; any other counts as user, the narrowest), owned by
    /// `ownerUser` in `ownerGroup`.
    public func decide(_ operation: AccessOperation, scope: Int, ownerUser: String, ownerGroup: String?) -> AccessDecision {
        AccessRules.decide(
            role(inGroup: ownerGroup), operation, scope: AccessScope(rawValue: scope) ?? .user,
            owner: relation(toOwner: ownerUser))
    }

    /// ``AccessRules/decide(_:_:scope:owner:)`` for creating an object of scope `scope` (its owner
    /// group will be the caller's primary group).
    public func decideCreate(scope: Int) -> AccessDecision {
        AccessRules.decide(
            role(inGroup: primaryGroupId), .create, scope: AccessScope(rawValue: scope) ?? .user, owner: .own)
    }
}
