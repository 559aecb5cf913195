/// What a caller is to an object's group, the first input of ``AccessRules/decide(_:_:scope:owner:)``.
public enum AccessRole: String, Sendable, Hashable, CaseIterable {
    /// A server administrator (a flag on the user, `admin administrator grant`), whatever their groups.
    case administrator
    /// A ``GroupRole/lead`` of the object's owner group.
    case lead
    /// A ``GroupRole/member`` of the object's owner group.
    case member
    /// Not in the object's owner group (or the object has none).
    case outsider
}

/// What a change does to an object.
public enum AccessOperation: String, Sendable, Hashable, CaseIterable {
    /// Insert a new object (the caller becomes its owner).
    case create
    /// Change an existing object's values, keeping its scope.
    case edit
    /// Give an existing object another scope.
    case changeScope
    /// Delete an object (`delete`, and each object a `deleteAll` would delete).
    case delete
    /// Post (create or edit) an announcement, the server-only type a lead writes for a group.
    case postAnnouncement
}

/// An object's scope: who sees it (``StrataServerData/ObjectVisibility``) and who may write it.
public enum AccessScope: Int, Sendable, Hashable, CaseIterable {
    /// Only its owner sees it.
    case user = 1
    /// Its owner group's members see it.
    case group = 2
    /// Every user of the app version sees it.
    case all = 3
}

/// Whether the caller owns the object (created it, or is creating it).
public enum OwnerRelation: String, Sendable, Hashable, CaseIterable {
    /// The caller is the object's owner.
    case own
    /// Another user owns it.
    case others
}

/// What ``AccessRules`` decided.
public enum AccessDecision: Sendable, Hashable {
    /// The operation may go ahead.
    case allowed
    /// The operation is refused; the reason is one sentence naming the rule
    /// (`a member may not delete another member's object`).
    case refused(String)

    /// The reason of a refusal, `nil` when allowed.
    public var reason: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}
