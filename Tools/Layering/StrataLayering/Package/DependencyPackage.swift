import Foundation

/// A package of the resolved dependency graph (direct or indirect), as SwiftPM resolved it.
///
/// Its ``package`` is its own `dump-package` description: its targets (with their
/// dependencies, so chains of dependencies can cross packages), its products and the
/// identities of the packages it depends on. Its own ``PackageModel/dependencyPackages`` are
/// empty: the graph is kept once, flat, on the root package.
public struct DependencyPackage: Hashable, Sendable {
    /// The identity SwiftPM gives the package and `.product(name:package:)` names: the last
    /// component of its URL or path, lowercased, without `.git` (`swift-nio`, `grdb.swift`).
    public var identity: String
    /// Where it comes from (its URL, or its path for a local package), when known.
    public var location: String?
    /// Its description.
    public var package: PackageModel

    /// The package `package` known as `identity`, from `location`.
    public init(identity: String, location: String? = nil, package: PackageModel) {
        self.identity = identity
        self.location = location
        self.package = package
    }

    /// The identity SwiftPM derives from a URL or path: its last component, lowercased, without
    /// a trailing `.git` (`https://github.com/groue/GRDB.swift.git` → `grdb.swift`).
    public static func identity(ofLocation location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}

extension DependencyPackage {
    /// How `Package.swift` at `root` declares a dependency on this package, for fix messages:
    /// `` `.package(url: "https://github.com/apple/swift-nio", from: "…")` `` or
    /// `` `.package(path: "../Dep")` `` (a local path relative to `root` when it is absolute).
    func manifestDeclaration(relativeTo root: URL) -> String {
        guard let location else { return "`.package(url: …)` for \(identity)" }
        guard location.hasPrefix("/") || location.hasPrefix(".") else { return "`.package(url: \"\(location)\", from: \"…\")`" }
        return "`.package(path: \"\(Self.relativePath(location, from: root.standardizedFileURL.path))\")`"
    }

    /// `path` relative to folder `base` when both are absolute (`/a/Dep` from `/a/App` → `../Dep`).
    static func relativePath(_ path: String, from base: String) -> String {
        guard path.hasPrefix("/"), base.hasPrefix("/") else { return path }
        let target = path.split(separator: "/")
        let from = base.split(separator: "/")
        var common = 0
        while common < min(target.count, from.count), target[common] == from[common] { common += 1 }
        let steps = Array(repeating: "..", count: from.count - common) + target[common...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }
}
