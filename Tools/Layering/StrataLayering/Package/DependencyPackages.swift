public import Foundation

/// Reading the packages of a package's resolved dependency graph, so the checker knows which
/// modules another package's products provide, follows chains of dependencies into them, and
/// spells fixes as the exact `.product(name:package:)`.
///
/// Where they are comes from SwiftPM's resolution: the package's `.build/workspace-state.json`
/// when it knows every package the manifest depends on (a package that was built or resolved;
/// reading it takes no lock), else `swift package show-dependencies --format json` with a scratch
/// path of its own (which resolves, fetching what it must). Each package's description is then
/// its own `swift package dump-package`, a few at a time (see ``SwiftPackageRun``).
///
/// A package that cannot be read is a warning, never silence: its products are then taken to
/// provide one module named like the product, as when no dependency package is read.
public enum DependencyPackages {
    /// Where one dependency package is.
    struct Location: Equatable {
        let identity: String
        /// Its URL or path as the manifest gives it.
        let location: String?
        /// The folder holding its `Package.swift`.
        let path: String
    }

    /// Every package of the resolved dependency graph of `package` (at `root`), and one warning
    /// line for each that could not be read. Nothing runs when the manifest depends on no package.
    ///
    /// - Parameter cacheFolder: where to keep each package's `dump-package` output under a key of
    ///   its manifests (see ``DumpCache``), or `nil` to dump every package.
    public static func read(
        for package: PackageModel, at root: URL, cacheFolder: URL? = nil
    ) -> (packages: [DependencyPackage], warnings: [String]) {
        guard !package.packageDependencies.isEmpty else { return ([], []) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-check-layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let fallback = "products of other packages are taken to provide one module named like the product"
        let oneFallback = "its products are taken to provide one module named like the product"
        let wanted = package.packageDependencies.map { $0.lowercased() }
        var locations = scratchFolders(root: root, near: cacheFolder).lazy.map { workspaceState(root: root, scratch: $0) }
            .first { state in wanted.allSatisfy { identity in state.contains { $0.identity == identity } } } ?? []
        if locations.isEmpty {
            do {
                locations = try resolvedGraph(of: root, in: temporary.appendingPathComponent("resolve"))
            } catch {
                return ([], [
                    "cannot read the dependency packages (\(String(describing: error))); \(fallback). Run `swift package "
                        + "resolve` first, or give --package-json with --dependencies-json",
                ])
            }
        }
        let cache = cacheFolder.map(DumpCache.init(folder:))
        let keys = locations.map { cache?.key(of: $0) ?? "" }
        var outcomes = zip(locations, keys).map { location, key in cache?.load(location, key: key) }
        let missing = outcomes.indices.filter { outcomes[$0] == nil }
        let requests = missing.map { SwiftPackageRun.Request(root: URL(fileURLWithPath: locations[$0].path), subcommand: ["dump-package"]) }
        var failures: [Int: LayeringError] = [:]
        for (position, outcome) in zip(missing, SwiftPackageRun.runAll(requests, in: temporary)) {
            switch outcome {
            case .success(let data):
                outcomes[position] = data
                cache?.store(data, for: locations[position], key: keys[position])
            case .failure(let error):
                failures[position] = error
            }
        }
        var packages: [DependencyPackage] = []
        var warnings: [String] = []
        for (position, location) in locations.enumerated() {
            do {
                guard let data = outcomes[position] else { throw failures[position] ?? LayeringError("`swift package dump-package` did not run") }
                let model = try PackageModel(
                    dumpJSON: data, source: "the output of `swift package dump-package` in \(location.path)"
                )
                packages.append(DependencyPackage(identity: location.identity, location: location.location, package: model))
            } catch let error as LayeringError {
                warnings.append("dependency package \(location.identity) not read (\(error.description)); \(oneFallback)")
            } catch {
                warnings.append("dependency package \(location.identity) not read (\(error)); \(oneFallback)")
            }
        }
        return (packages, warnings)
    }

    /// The dependency packages described in `folder` (given as `name`): one `dump-package`
    /// JSON file per package, named by its identity (`swift-nio.json`), as `--dependencies-json`
    /// reads them.
    ///
    /// - Throws: ``LayeringError`` naming the folder or the file that cannot be read.
    public static func load(folder: URL, named name: String) throws -> [DependencyPackage] {
        var isFolder: ObjCBool = false
        let expected = "expected a folder of `swift package dump-package` JSON files named <package identity>.json"
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw LayeringError("--dependencies-json \(name): no such folder (\(folder.path)); \(expected)")
        }
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw LayeringError("--dependencies-json \(name): cannot list the folder; \(expected)")
        }
        return try files.map { file in
            let shown = name.hasSuffix("/") ? name + file : name + "/" + file
            let data = try InputFile.read(
                folder.appendingPathComponent(file), named: shown, limit: InputFile.packageDescriptionLimit,
                expected: "a package description (the JSON `swift package dump-package` prints)"
            )
            return DependencyPackage(
                identity: String(file.dropLast(5)).lowercased(), package: try PackageModel(dumpJSON: data, source: shown)
            )
        }
    }

    // MARK: - Where SwiftPM put them

    /// Where SwiftPM's scratch folder may be, nearest first: the folders holding `cacheFolder`
    /// (the plugin's work folder lies inside the scratch folder SwiftPM runs with, even one given
    /// with `--scratch-path`), then the package's `.build`.
    static func scratchFolders(root: URL, near cacheFolder: URL?) -> [URL] {
        var folders: [URL] = []
        var folder = cacheFolder?.standardizedFileURL
        for _ in 0..<6 {
            guard let current = folder, current.path != "/" else { break }
            folders.append(current)
            folder = current.deletingLastPathComponent()
        }
        return folders + [root.appendingPathComponent(".build")]
    }

    /// The packages `scratch/workspace-state.json` lists whose folder exists (checkouts under
    /// `scratch/checkouts`); none when it is missing or unreadable.
    static func workspaceState(root: URL, scratch build: URL) -> [Location] {
        guard let data = try? Data(contentsOf: build.appendingPathComponent("workspace-state.json")),
              let state = try? JSONDecoder().decode(WorkspaceState.self, from: data) else { return [] }
        return state.object.dependencies.compactMap { entry in
            let path: String
            switch entry.state.name {
            case "fileSystem": path = entry.state.path ?? entry.packageRef.location
            case "sourceControlCheckout": path = build.appendingPathComponent("checkouts/\(entry.subpath)").path
            case "registryDownload": path = build.appendingPathComponent("registry/downloads/\(entry.subpath)").path
            case "edited": path = entry.state.path ?? root.appendingPathComponent("Packages/\(entry.subpath)").path
            default: return nil
            }
            guard FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("Package.swift").path) else {
                return nil
            }
            return Location(identity: entry.packageRef.identity.lowercased(), location: entry.packageRef.location, path: path)
        }
    }

    /// Every package `swift package show-dependencies --format json` lists (run in `folder`,
    /// whose scratch path then holds the checkouts), each once.
    static func resolvedGraph(of root: URL, in folder: URL) throws -> [Location] {
        let data = try SwiftPackageRun.run(.init(root: root, subcommand: ["show-dependencies", "--format", "json"]), in: folder)
        let tree: ShownDependency
        do {
            tree = try JSONDecoder().decode(ShownDependency.self, from: data)
        } catch {
            throw LayeringError("the output of `swift package show-dependencies --format json` is not a dependency tree")
        }
        var seen: Set<String> = []
        var locations: [Location] = []
        var pending = tree.dependencies
        while !pending.isEmpty {
            let node = pending.removeFirst()
            guard seen.insert(node.identity.lowercased()).inserted else { continue }
            locations.append(Location(identity: node.identity.lowercased(), location: node.url, path: node.path))
            pending += node.dependencies
        }
        return locations
    }
}

// MARK: - SwiftPM's shapes

/// `.build/workspace-state.json` (version 7), the parts read.
private struct WorkspaceState: Decodable {
    struct Object: Decodable { let dependencies: [Entry] }
    struct Entry: Decodable {
        let packageRef: Reference
        let state: State
        let subpath: String
    }
    struct Reference: Decodable {
        let identity: String
        let location: String
    }
    struct State: Decodable {
        let name: String
        let path: String?
    }
    let object: Object
}

/// One node of `swift package show-dependencies --format json`.
private struct ShownDependency: Decodable {
    let identity: String
    let url: String?
    let path: String
    let dependencies: [ShownDependency]
}
