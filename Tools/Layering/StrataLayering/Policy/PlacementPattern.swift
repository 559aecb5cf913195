/// A placement for every target in a family of folders: `layers.json` places a target by its
/// name, or by a path pattern such as `Modules/MicroApps/*`, so a new target in such a folder
/// needs no entry of its own.
///
/// ```json
/// { "path": "Modules/MicroApps/*", "eachItsOwnGroup": true, "side": "client" }
/// ```
///
/// A `*` stands for one whole folder name. A target placed by name keeps that placement; a
/// test target is never placed by a pattern.
public struct PlacementPattern: Hashable, Sendable {
    /// The path pattern, relative to the package root (`Modules/MicroApps/*`).
    public let path: String
    /// The layer its targets belong to.
    public let layer: Layer
    /// The sibling group of its targets, or `nil` when each target is its own group, named
    /// after the folder the pattern's last `*` matched, in kebab case (`FollowUps` is the group
    /// `follow-ups`; micro-apps never import each other).
    public let group: String?
    /// What its targets are for.
    public let role: Placement.Role
    /// The isolated side its targets belong to, or `nil` for shared modules.
    public let side: String?
    /// Whether its targets may publish only abstractions.
    public let publishesOnlyAbstractions: Bool

    /// A pattern placing every target whose folder matches `path` in `layer`; `group: nil`
    /// makes each target its own sibling group.
    public init(
        path: String, _ layer: Layer, group: String?, role: Placement.Role = .production, side: String? = nil,
        publishesOnlyAbstractions: Bool = false
    ) {
        self.path = path
        self.layer = layer
        self.group = group
        self.role = role
        self.side = side
        self.publishesOnlyAbstractions = publishesOnlyAbstractions
    }

    /// The placement of `target` when its folder matches the pattern, else `nil`.
    public func placement(of target: PackageModel.Target) -> Placement? {
        guard target.kind != .test, let folder = Self.match(path, target.path) else { return nil }
        return Placement(
            target.name, layer, group: group ?? Self.kebabCase(folder), role: role, side: side,
            publishesOnlyAbstractions: publishesOnlyAbstractions
        )
    }

    /// Whether `path` matches `pattern` component by component (`*` matching one folder name);
    /// the folder the last `*` matched (the last component when there is no `*`), or `nil`.
    static func match(_ pattern: String, _ path: String) -> String? {
        let wanted = components(pattern)
        let actual = components(path)
        guard wanted.count == actual.count, !actual.isEmpty else { return nil }
        var matched = actual[actual.count - 1]
        for (expected, component) in zip(wanted, actual) {
            if expected == "*" {
                matched = component
            } else if expected != component {
                return nil
            }
        }
        return String(matched)
    }

    /// `FollowUps` → `follow-ups`: lower case, a hyphen before each upper-case letter that
    /// follows a lower-case letter or a digit.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append("-") }
            result += character.lowercased()
            previous = character
        }
        return result
    }

    /// The path's folder names, without `.` and empty components (`./Modules//MicroApps/` is two).
    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }
}
