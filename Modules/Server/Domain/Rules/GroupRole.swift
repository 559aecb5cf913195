/// A user's role in one group: what they may do with the group's objects (see ``AccessRules``).
///
/// Memberships store the role's name (`lead`, `member`); `admin user create --group G:ROLE`,
/// `admin group add-member` and `admin group set-role` accept only these. A stored name that is
/// neither (a label given before roles had rules) counts as `member`, the lesser role.
public enum GroupRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// May create and edit the group's objects, change their scope, delete them, and post
    /// announcements.
    case lead
    /// May create and edit the group's objects, and delete only their own.
    case member

    /// The role named `name` (`lead`, `member`), or `nil` when it names none.
    public init?(name: String) { self.init(rawValue: name) }

    /// The role a stored membership grants: its name's role, else ``member``.
    public init(stored name: String) { self = GroupRole(rawValue: name) ?? .member }

    /// The names, for messages: `lead or member`.
    public static let names = allCases.map(\.rawValue).joined(separator: " or ")

    /// Why `name` is no role, or `nil`.
    public static func problem(with name: String) -> String? {
        GroupRole(name: name) == nil ? "role '\(name.prefix(100))' is unknown; expected \(names)" : nil
    }
}
