import Foundation
import StrataTestSupport

/// A package folder with links in it, for the walks that must follow links as SwiftPM does yet
/// never leave the package (the source scan and the cache's record of the tree).
enum LinkedPackage {
    /// Makes `<container>/package/<folder>/A.swift`, a Swift file beside the package that no
    /// walk may reach (`<container>/Outside.swift`), and in `folder` one link per
    /// `(name, destination)`. Returns the package root.
    static func make(_ name: String, folder: String, links: [(name: String, destination: String)]) throws -> URL {
        let container = TemporaryRoot.directory(name)
        let root = container.appendingPathComponent("package")
        let sources = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data("import Foundation\n".utf8).write(to: sources.appendingPathComponent("A.swift"))
        try Data("import Foundation\n".utf8).write(to: container.appendingPathComponent("Outside.swift"))
        for link in links {
            try FileManager.default.createSymbolicLink(
                atPath: sources.appendingPathComponent(link.name).path, withDestinationPath: link.destination
            )
        }
        return root
    }
}
