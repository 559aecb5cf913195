public import Foundation

/// Where SwiftPM looks for a target's sources when the manifest gives no `path`, and which
/// folders it never compiles.
///
/// SwiftPM takes, per target kind, the first of its predefined folders that exists at the
/// package root (`Sources`, `Source`, `src`, `srcs` for regular, executable and macro targets;
/// `Tests` first for test targets; `Plugins` for plugins) and looks for `<folder>/<name>`.
/// Inside a target it skips hidden files and folders, and treats a folder whose extension names
/// a resource type (`Guide.docc`, `Media.xcassets`) as one file, never as sources.
public enum SourceLayout {
    /// The predefined folders SwiftPM tries for a target of `kind`, in order.
    public static func defaultFolders(for kind: PackageModel.Kind) -> [String] {
        switch kind {
        case .test: ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
    }

    /// Folder extensions SwiftPM treats as one resource (or documentation) file: nothing inside
    /// them is compiled.
    static let opaqueFolderExtensions: Set<String> = [
        "docc", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "metal", "xib", "nib",
        "storyboard", "rkassets",
    ]

    /// The folder of `target` relative to `root`: its `path`, or, when the manifest gives none,
    /// `<first existing predefined folder>/<name>` (``defaultFolders(for:)``).
    public static func folder(of target: PackageModel.Target, root: URL) -> String {
        guard target.hasDefaultPath else { return target.path }
        let folders = defaultFolders(for: target.kind)
        let existing = folders.first { folder in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        return "\(existing ?? folders[0])/\(target.name)"
    }
}

extension PackageModel {
    /// This package with every target's default `path` replaced by the folder SwiftPM really
    /// uses in the package at `root` (`src/Core` in a package laid out under `src/`).
    public func resolvingDefaultPaths(root: URL) -> PackageModel {
        guard targets.contains(where: \.hasDefaultPath) else { return self }
        var resolved = self
        resolved.targets = targets.map { target in
            var target = target
            target.path = SourceLayout.folder(of: target, root: root)
            return target
        }
        return resolved
    }
}
