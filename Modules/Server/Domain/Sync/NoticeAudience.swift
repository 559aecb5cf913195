import StrataServerData
import Synchronization

/// Who may be told of an overwrite when it is recorded: a user who can see the object then, by
/// the rule pulls apply (``ObjectVisibility/canSee(_:)``): its owner, anyone for an object
/// visible to all, a member of its owner group for a group object, nobody else for a user-scope
/// object. The pull that serves a notice checks again with the puller's memberships then, so a
/// user is told only if they could see the object both when the write replaced theirs and when
/// they pull: a member removed from the group when the write was made is never told of it, even
/// once added back.
///
/// The members of a group are read from the control store, which a push's write transaction
/// cannot wait for. So a push first applies its changes with the groups it knows
/// (``members``); a notice about a group not among them is not recorded and the group is noted
/// (``missingGroups``). The push then rolls back, reads those groups' members and applies its
/// changes again (``StoreObjectService``). A push that replaces nobody's write reads nothing.
final class NoticeAudience: Sendable {
    /// The members (user ids) of each group read so far, by group id.
    let members: [String: Set<String>]
    /// Whether a group not in ``members`` is noted in ``missingGroups`` (a later try reads it);
    /// `false` on the last try: nobody is told of an object in such a group.
    let notesMissing: Bool
    /// The groups asked about and not in ``members``.
    private let missing = Mutex<Set<String>>([])

    /// An audience knowing the members of the groups in `members`.
    init(members: [String: Set<String>], notesMissing: Bool) {
        self.members = members
        self.notesMissing = notesMissing
    }

    /// The groups asked about that ``members`` lacks (empty when ``notesMissing`` is `false`).
    var missingGroups: Set<String> { missing.withLock { $0 } }

    /// Whether `userId` can see an object of `scope` owned by `ownerUser` in `ownerGroup`; a group
    /// not known counts as not (and is noted when ``notesMissing``).
    func canSee(_ userId: String, scope: Int, ownerUser: String, ownerGroup: String?) -> Bool {
        if userId == ownerUser { return true }
        switch scope {
        case 3: return true
        case 2:
            guard let ownerGroup else { return false }
            if let members = members[ownerGroup] { return members.contains(userId) }
            if notesMissing { missing.withLock { _ = $0.insert(ownerGroup) } }
            return false
        default: return false
        }
    }

    /// Thrown inside a push's transaction whose notices need groups not yet read: it rolls back.
    struct Incomplete: Error {}
}
