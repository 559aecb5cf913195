/// Who may write which object: the one place the server decides it (seed 003's access control
/// "based on user permissions", with roles from `groupsAndRoles`).
///
/// A pure function of four inputs — the caller's ``AccessRole`` towards the object's owner group,
/// the ``AccessOperation``, the object's ``AccessScope`` and the caller's ``OwnerRelation`` to
/// it — so every combination is one row of a table (Docs/Server.md, "Roles"), tested row by row:
///
/// - Creating is allowed to every user at every scope: the creator owns the object.
/// - An owner may do anything with their own object, and an administrator with any object.
/// - Another user's **group** object: a lead of its group may edit it, change its scope and
///   delete it; a member may edit it only; someone outside the group may do nothing.
/// - Another user's **all** object: only its owner and administrators may write it.
/// - Another user's **user** object: only its owner (and administrators) may write it.
/// - Posting an announcement takes a lead (or an administrator), then follows the edit rule.
///
/// What a caller may *read* is their visibility (``StrataServerData/ObjectVisibility``), which
/// roles do not change: these rules apply to objects the caller already sees, after which a
/// refusal is no existence oracle.
public enum AccessRules {
    /// Whether a caller with `role` may do `operation` to an object of `scope` they stand in
    /// relation `owner` to, and if not, why.
    public static func decide(
        _ role: AccessRole, _ operation: AccessOperation, scope: AccessScope, owner: OwnerRelation
    ) -> AccessDecision {
        switch operation {
        case .postAnnouncement:
            switch role {
            case .administrator, .lead: return decide(role, .edit, scope: scope, owner: owner)
            case .member: return .refused("a member may not post an announcement; a lead of the group may")
            case .outsider: return .refused("only a lead of a group or an administrator may post an announcement")
            }
        case .create:
            return .allowed
        case .edit, .changeScope, .delete:
            if owner == .own || role == .administrator { return .allowed }
            return othersObject(role, operation, scope: scope)
        }
    }

    /// Whether a caller may post an announcement (create or edit one) as a lead of the group
    /// it is for: the rule the announcements type uses, through ``decide(_:_:scope:owner:)``.
    ///
    /// With an ``AccessCaller`` (`AccessCaller.of(session, in: control)` inside the domain), a
    /// new announcement for group `g` is `caller.decide(.postAnnouncement, scope: 2,
    /// ownerUser: caller.userId, ownerGroup: g)`; an existing one passes its stored scope and owners.
    public static func mayPostAnnouncement(_ role: AccessRole, scope: AccessScope, owner: OwnerRelation) -> AccessDecision {
        decide(role, .postAnnouncement, scope: scope, owner: owner)
    }

    /// Edit, change the scope of or delete another user's object, the caller no administrator.
    private static func othersObject(_ role: AccessRole, _ operation: AccessOperation, scope: AccessScope) -> AccessDecision {
        let verb = verb(operation)
        switch scope {
        case .user:
            return .refused("only its owner may \(verb) a user-scope object")
        case .all:
            return .refused("only its owner or an administrator may \(verb) an all-scope object")
        case .group:
            switch (role, operation) {
            case (.lead, _), (.member, .edit), (.administrator, _):
                return .allowed
            case (.member, .delete):
                return .refused("a member may not delete another member's object")
            case (.member, _):
                return .refused("a member may not change the scope of another member's object")
            case (.outsider, .edit):
                return .refused("only a member of its group may edit another user's group-scope object")
            case (.outsider, _):
                return .refused("only a lead of its group may \(verb) another user's group-scope object")
            }
        }
    }

    /// `delete`, `change the scope of`, `edit`.
    private static func verb(_ operation: AccessOperation) -> String {
        switch operation {
        case .delete: "delete"
        case .changeScope: "change the scope of"
        case .create: "create"
        case .edit, .postAnnouncement: "edit"
        }
    }
}
