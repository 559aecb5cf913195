/// How far a pull reaches (`GET /v1/objects/{type}?scope=`): the seed's
/// `scopeTypeForAutoRefresh`. It only narrows what the caller may already see, never widens it.
///
/// - `user`: the caller's own objects;
/// - `group`: those, and group-scope objects of the caller's groups;
/// - `all` (the default): those, and objects visible to everyone.
public enum PullScope: String, Sendable, Hashable, CaseIterable, Codable {
    /// The caller's own objects only.
    case user
    /// The caller's own objects and their groups' group-scope objects.
    case group
    /// Everything the caller may see.
    case all

    /// The widest object scope a pull at this scope returns (1 user, 2 group, 3 all; the
    /// numbering of an object's `scope`); the caller's own objects come whatever their scope.
    public var widestObjectScope: Int {
        switch self {
        case .user: 1
        case .group: 2
        case .all: 3
        }
    }

    /// The names, for messages: `user, group or all`.
    public static let names = "user, group or all"
}
