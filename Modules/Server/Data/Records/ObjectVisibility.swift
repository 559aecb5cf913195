/// Who is looking: an object is visible when it is the caller's own, when its scope is group
/// (2) and its owner group is one of `groupIds`, or when its scope is all (3).
///
/// `widestScope` narrows that (a pull's `scope`, the client's auto-refresh scope): objects of
/// others are visible only when their scope is at most it, so 1 leaves the caller's own
/// objects, 2 adds their groups' group-scope objects, 3 (the default) is everything above. It
/// never widens what the caller may see.
public struct ObjectVisibility: Sendable, Hashable {
    /// The caller's user id.
    public var userId: String
    /// The caller's group ids.
    public var groupIds: [String]
    /// The widest scope of others' objects that counts (1, 2 or 3).
    public var widestScope: Int

    /// A caller, seeing everything their memberships allow, or narrowed to `widestScope`.
    public init(userId: String, groupIds: [String], widestScope: Int = 3) {
        self.userId = userId
        self.groupIds = groupIds
        self.widestScope = widestScope
    }

    /// Whether `object` is visible to this caller (the same rule the stores apply in SQL).
    public func canSee(_ object: StoredObject) -> Bool {
        if object.ownerUser == userId { return true }
        guard object.scope <= widestScope else { return false }
        switch object.scope {
        case 3: return true
        case 2: return object.ownerGroup.map(groupIds.contains) ?? false
        default: return false
        }
    }

    /// Whether `object` is visible to this caller with its parent `parent` (the object it is
    /// filed under, when the server holds it): an object under a live parent is seen only while
    /// its parent is, by the caller's memberships whatever ``widestScope`` says (the same rule
    /// the stores apply in SQL). Under a deleted or missing parent it keeps its own visibility.
    public func canSee(_ object: StoredObject, parent: StoredObject?) -> Bool {
        canSee(object) && (parent.map { $0.deleted || seesParent($0) } ?? true)
    }

    /// Whether the caller may see `parent`, an object others are filed under: by memberships
    /// alone (``parentVisibility``).
    public func seesParent(_ parent: StoredObject) -> Bool { parentVisibility.canSee(parent) }

    /// The caller seeing everything their memberships allow: how a parent's visibility is
    /// judged, so narrowing a pull to the caller's own objects keeps her follow-ups of others' reports.
    var parentVisibility: ObjectVisibility { ObjectVisibility(userId: userId, groupIds: groupIds) }

    /// Whether objects visible to all (scope 3) count.
    var seesAll: Bool { widestScope >= 3 }

    /// The groups whose group-scope objects count: `groupIds` (none when narrowed to the
    /// caller's own objects).
    var visibleGroupIds: [String] { widestScope >= 2 ? groupIds : [] }

    /// ``visibleGroupIds`` without repeats, in their first order: a pull reads one index range
    /// per group, and a group listed twice would repeat its objects.
    var distinctGroupIds: [String] {
        var seen: Set<String> = []
        return visibleGroupIds.filter { seen.insert($0).inserted }
    }
}
