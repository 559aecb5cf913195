/// Who is looking: an object is visible when it is the caller's own, when its scope is group
/// (2) and its owner group is one of `groupIds`, or when its scope is all (3).
public struct ObjectVisibility: Sendable, Hashable {
    /// The caller's user id.
    public var userId: String
    /// The caller's group ids.
    public var groupIds: [String]

    /// A caller.
    public init(userId: String, groupIds: [String]) {
        self.userId = userId
        self.groupIds = groupIds
    }

    /// Whether `object` is visible to this caller (the same rule the stores apply in SQL).
    public func canSee(_ object: StoredObject) -> Bool {
        if object.ownerUser == userId { return true }
        switch object.scope {
        case 3: return true
        case 2: return object.ownerGroup.map(groupIds.contains) ?? false
        default: return false
        }
    }

    /// `groupIds` without repeats, in their first order: a pull reads one index range per
    /// group, and a group listed twice would repeat its objects.
    var distinctGroupIds: [String] {
        var seen: Set<String> = []
        return groupIds.filter { seen.insert($0).inserted }
    }
}
