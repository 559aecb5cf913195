public import Foundation

/// Finds a target's source files the way SwiftPM does: every file under the target's folder
/// (``SourceLayout/folder(of:root:)``), or under its explicit `sources`, minus its `exclude`
/// entries and its resources, minus hidden files and resource folders such as `.docc`
/// catalogs. Symbolic links to files and folders are followed, as SwiftPM follows them; a
/// folder reached twice (a link loop) is read once.
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

        init(root: URL, skipped: Set<String>) {
            self.root = root
            self.skipped = skipped
        }

        /// Reads `relativePath` (a file or a folder); `isExplicit` for a target folder or a
        /// `sources` entry, which SwiftPM reads whatever its name.
        mutating func visit(_ relativePath: String, isExplicit: Bool) {
            guard !skipped.contains(relativePath) else { return }
            let fileManager = FileManager.default
            let url = relativePath.isEmpty ? root : root.appendingPathComponent(relativePath)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
            let name = (relativePath as NSString).lastPathComponent
            let pathExtension = (name as NSString).pathExtension
            guard isDirectory.boolValue else {
                if compiledExtensions.contains(pathExtension) { files.insert(relativePath) }
                return
            }
            if !isExplicit, SourceLayout.opaqueFolderExtensions.contains(pathExtension.lowercased()) { return }
            guard seenFolders.insert(url.resolvingSymlinksInPath().path).inserted else { return }
            let entries = (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                visit(join(relativePath, entry), isExplicit: false)
            }
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
