import Foundation

extension DependencyPackages {
    /// The `dump-package` output of each dependency package, kept under a key of its manifests'
    /// bytes (`Package.swift`, `Package@swift-*.swift`), so an unchanged dependency is not dumped
    /// again: with thirty dependencies that is most of a check's time. One file per package,
    /// `<identity>-<key>.json`; storing a new one removes that package's older ones. Nothing
    /// here is an error: a file that cannot be read or written only means dumping again.
    struct DumpCache {
        /// The folder holding the files (`.build/strata-check-layers/dependencies`).
        let folder: URL

        /// The key of the package at `location`: the checker's version, its identity and folder,
        /// and the name and bytes of each of its manifests.
        func key(of location: Location) -> String {
            var hasher = StableHasher()
            hasher.add("\(LayeringCheck.version)\n\(location.identity)\n\(location.path)\n")
            let packageFolder = URL(fileURLWithPath: location.path, isDirectory: true)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? [])
                .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift") && $0.hasSuffix(".swift")) }.sorted()
            for name in names {
                hasher.add(name)
                hasher.add((try? Data(contentsOf: packageFolder.appendingPathComponent(name))) ?? Data())
            }
            return hasher.hex
        }

        /// The stored output for `location` under `key`, if any.
        func load(_ location: Location, key: String) -> Data? {
            try? Data(contentsOf: file(location, key: key))
        }

        /// Stores `data` for `location` under `key`, removing the package's older files.
        func store(_ data: Data, for location: Location, key: String) {
            let fileManager = FileManager.default
            try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            let prefix = "\(location.identity)-"
            for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix(prefix) && name.hasSuffix(".json") && name.count == prefix.count + 21 {
                try? fileManager.removeItem(at: folder.appendingPathComponent(name))
            }
            try? data.write(to: file(location, key: key), options: .atomic)
        }

        private func file(_ location: Location, key: String) -> URL {
            folder.appendingPathComponent("\(location.identity)-\(key).json")
        }
    }
}
