public import Foundation

/// Finds a target's source files the way SwiftPM does: every file under the target's folder
/// (``SourceLayout/folder(of:root:)``), or under its explicit `sources`, minus its `exclude`
/// entries and its resources, minus hidden files and resource folders such as `.docc`
/// catalogs. Symbolic links to files and folders are followed, as SwiftPM follows them; a
/// folder reached twice (a link loop) is read once, and a link to a folder holding the package
/// (`/`, `..` above the root) is not followed.
public enum SourceFiles {
    /// File extensions SwiftPM compiles in a target: Swift, C-family and assembly sources.
    static let compiledExtensions: Set<String> = ["swift", "c", "m", "mm", "cc", "cpp", "cxx", "c++", "s", "S"]

    /// The Swift files of `target` in the package at `root`, as paths relative to `root`,
    /// sorted. A missing folder has no files (the package description is checked elsewhere).
    public static func swiftFiles(of target: PackageModel.Target, root: URL) -> [String] {
        files(of: target, root: root).filter { $0.hasSuffix(".swift") }
    }

    /// Every file of `target` SwiftPM compiles (Swift, C-family, assembly), relative to `root`, sorted.
    public static func compiledFiles(of target: PackageModel.Target, root: URL) -> [String] {
        files(of: target, root: root)
    }

    private static func files(of target: PackageModel.Target, root: URL) -> [String] {
        let targetFolder = normalized(SourceLayout.folder(of: target, root: root))
        let roots = (target.sources ?? [""]).map { join(targetFolder, normalized($0)) }
        let skipped = (target.exclude + target.resources).map { join(targetFolder, normalized($0)) }
        var walk = Walk(root: root, skipped: Set(skipped))
        for start in roots { walk.visit(start, isExplicit: true) }
        return walk.files.sorted()
    }

    /// One walk over a target's folders, remembering the real folders already read.
    private struct Walk {
        let root: URL
        let skipped: Set<String>
        var files: Set<String> = []
        var seenFolders: Set<String> = []
        /// The package root with every link resolved: a link to a folder above it (`/`, the home
        /// folder) is not followed, or one link would make the walk read the whole disk.
        let realRoot: String

        init(root: URL, skipped: Set<String>) {
            self.root = root
            self.skipped = skipped
            realRoot = root.resolvingSymlinksInPath().path
        }

        /// Reads `start` (a file or a folder) and everything under it, without recursion (a deep
        /// tree cannot exhaust the stack). `start` is a target folder or a `sources` entry, which
        /// SwiftPM reads whatever its name.
        mutating func visit(_ start: String, isExplicit: Bool) {
            var pending = [(path: start, isExplicit: isExplicit)]
            while let (relativePath, explicit) = pending.popLast() {
                for entry in read(relativePath, isExplicit: explicit).reversed() {
                    pending.append((join(relativePath, entry), false))
                }
            }
        }

        /// Records `relativePath` when it is a compiled file; returns the names to read next
        /// when it is a folder SwiftPM reads (not skipped, not hidden, not a resource bundle,
        /// not read before).
        private mutating func read(_ relativePath: String, isExplicit: Bool) -> [String] {
            guard !skipped.contains(relativePath) else { return [] }
            let fileManager = FileManager.default
            let url = relativePath.isEmpty ? root : root.appendingPathComponent(relativePath)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
            let pathExtension = ((relativePath as NSString).lastPathComponent as NSString).pathExtension
            guard isDirectory.boolValue else {
                if compiledExtensions.contains(pathExtension) { files.insert(relativePath) }
                return []
            }
            if !isExplicit, SourceLayout.opaqueFolderExtensions.contains(pathExtension.lowercased()) { return [] }
            let real = url.resolvingSymlinksInPath().path
            guard real == realRoot || !(realRoot + "/").hasPrefix(real == "/" ? "/" : real + "/"),
                  seenFolders.insert(real).inserted else { return [] }
            let entries = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
            return entries.sorted().filter { !$0.hasPrefix(".") }
        }
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
