/// Whose objects a ``Query`` returns (the seed's APQuery `scopeType`), judged by the owner the
/// store recorded with each row: the user and group signed in when it was saved, or the
/// server's owner for a pulled row.
///
/// - `mine`: objects the signed-in user owns;
/// - `group`: those, and objects owned by one of the user's groups;
/// - `all` (the default): every object the store holds (everything the user may see).
///
/// With nobody signed in, `mine` and `group` return the objects saved while nobody was signed
/// in (they have no owner yet; the server gives them one when they are sent).
public enum QueryScope: String, Sendable, Hashable, CaseIterable, Codable {
    /// Objects the signed-in user owns.
    case mine
    /// Objects of the signed-in user and of their groups.
    case group
    /// Every object (no owner filter).
    case all
}

extension Query {
    /// Keeps only the objects of `scope` (``QueryScope``); the default is ``QueryScope/all``.
    public func scoped(_ scope: QueryScope) -> Self {
        var copy = self
        copy.scope = scope
        return copy
    }
}

extension CompoundIndex {
    /// The owner user a row was stored with, as a key of a compound index only:
    /// `CompoundIndex(CompoundIndex.ownerUser, "createdAt")` serves a ``QueryScope/mine`` page
    /// sorted by `createdAt`.
    public static let ownerUser = "_ownerUser"
    /// The owner group a row was stored with, as a key of a compound index only.
    public static let ownerGroup = "_ownerGroup"
    /// The owner keys a compound index may list besides the schema's fields.
    package static let ownerKeys: Set<String> = [ownerUser, ownerGroup]
}
