public import Foundation

/// Finds a target's Swift source files the way SwiftPM does: every `.swift` file under the
/// target's path, or under its explicit `sources`, minus its `exclude` entries.
public enum SourceFiles {
    /// The Swift files of `target` in the package at `root`, as paths relative to `root`,
    /// sorted. A missing folder has no files (the package description is checked elsewhere).
    public static func swiftFiles(of target: PackageModel.Target, root: URL) -> [String] {
        let targetFolder = normalized(target.path)
        let roots = (target.sources ?? [""]).map { join(targetFolder, normalized($0)) }
        let excluded = target.exclude.map { join(targetFolder, normalized($0)) }
        var files: Set<String> = []
        for start in roots {
            for file in swiftFiles(under: start, root: root)
            where !excluded.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) {
                files.insert(file)
            }
        }
        return files.sorted()
    }

    /// Every `.swift` file at or under `relativePath`, relative to `root`.
    private static func swiftFiles(under relativePath: String, root: URL) -> [String] {
        let fileManager = FileManager.default
        let start = relativePath.isEmpty ? root : root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: start.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return relativePath.hasSuffix(".swift") ? [relativePath] : [] }
        guard let enumerator = fileManager.enumerator(atPath: start.path) else { return [] }
        var result: [String] = []
        while let entry = enumerator.nextObject() as? String {
            if entry.hasSuffix(".swift") { result.append(join(relativePath, entry)) }
        }
        return result
    }

    /// `path` without `./` prefixes and trailing slashes.
    private static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.hasSuffix("/") { path.removeLast() }
        return path == "." ? "" : path
    }

    private static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder + "/" + name
    }
}
