import Foundation

/// `empty-target`: a target in which the checker finds no file SwiftPM would compile.
extension LayeringChecker {
    /// One violation, on the target's manifest line, for every target that builds sources
    /// (regular, executable, test, macro, plugin) with no Swift, C-family or assembly file in
    /// its folder: its imports would go unchecked without a word. A C target (no Swift file,
    /// but C files) is not empty. A folder the manifest names that does not exist at all is
    /// SwiftPM's own error (`swift build` stops on it), and a partial copy's normal state, so it
    /// is a finding only when the folder is SwiftPM's default, which the checker had to find.
    func emptyTargetViolations() -> [Violation] {
        let kinds: [PackageModel.Kind] = [.regular, .executable, .test, .macro, .plugin]
        return package.targets.filter { target in
            guard kinds.contains(target.kind), SourceFiles.compiledFiles(of: target, root: root).isEmpty else { return false }
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(SourceLayout.folder(of: target, root: root)).path
            return target.hasDefaultPath || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
            .map { target in
                let folder = SourceLayout.folder(of: target, root: root)
                let narrowed = target.sources != nil ? " (its `sources`)" : ""
                return violation(
                    .emptyTarget, path: manifestPath, line: manifest.line(ofTarget: target.name),
                    message: "target \(target.name) (\(target.kind.rawValue)) has no source file in \(folder)\(narrowed): "
                        + "no import of it is checked.",
                    fix: "Check the target's `path`, `sources`, `exclude` and `resources` in Package.swift against the "
                        + "files on disk (hidden files, resource folders and `.docc` catalogs are never sources), or "
                        + "remove the target.",
                    target: target.name
                )
            }
    }
}
