public import Foundation

/// The whole check in one call, as `strata-check-layers` runs it: read the policy and the
/// package, check every rule, apply the baseline, with the cache of the last run.
///
/// Another package can run it from its own Swift Testing suite (add
/// `.product(name: "StrataLayering", package: "strata")` to a test target):
///
/// ```swift
/// import Foundation
/// import StrataLayering
/// import Testing
///
/// @Test func layeringRuleHolds() throws {
///     let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///         .deletingLastPathComponent().deletingLastPathComponent()  // Tests/<Target>/<File>.swift
///     let report = try LayeringCheck.run(packageAt: root)
///     #expect(report.isClean, "\(report)")
/// }
/// ```
///
/// `report` prints as the tool's text report (each violation with its fix, each rule's why
/// once). `swift package dump-package` runs in a scratch folder of its own, so it does not wait
/// for the lock `swift test` holds on `.build`; with the cache, an unchanged package re-checks
/// without it.
public enum LayeringCheck {
    /// The checker's version (the `strata-check-layers --version`, the SARIF driver's version,
    /// part of the cache key).
    public static let version = "0.1.0"
    /// Where the SARIF log says to learn about the checker. The repository publishes no web
    /// address, so it is a name (a URN), which SARIF accepts as an absolute URI; its guide is
    /// `Docs/LearnLayering.md` in the repository.
    public static let informationURI = "urn:strata:strata-check-layers:Docs/LearnLayering.md"

    /// Checks the package at `root`.
    ///
    /// - Parameters:
    ///   - root: the package root (the folder of its `Package.swift`).
    ///   - policy: the policy file (default: `layers.json` at the root).
    ///   - baseline: the baseline file (default: `layers-baseline.json` at the root, when it
    ///     exists); its accepted violations are left out of ``LayeringReport/violations``.
    ///   - packageJSON: a `dump-package` JSON file to read instead of running SwiftPM.
    ///   - cache: the cache file (default: `.build/strata-check-layers/cache.json` at the root);
    ///     `nil` with `useCache: false` checks from scratch and writes nothing.
    /// - Throws: ``LayeringError`` when the policy, the package, the baseline or a source file
    ///   cannot be read.
    /// - Important: it reads files and waits for `swift package` on the calling thread (about a
    ///   second per package, more the first time its dependency packages are read). A test suite
    ///   may call it as a test's only work; other async code should run it on a thread of its own.
    public static func run(
        packageAt root: URL, policy: URL? = nil, baseline: URL? = nil, packageJSON: URL? = nil, cache: URL? = nil,
        useCache: Bool = true
    ) throws -> LayeringReport {
        let root = root.standardizedFileURL
        let policyURL = policy ?? root.appendingPathComponent("layers.json")
        let loaded = try LayerPolicy.load(from: policyURL)
        let input = packageJSON.map { PackageInput.json($0, name: $0.path) } ?? .manifest
        let cacheFile = useCache ? (cache ?? defaultCacheFile(root: root)) : nil
        let report = try check(root: root, policy: loaded, policyURL: policyURL, input: input, cacheFile: cacheFile).report
        let baselineURL = baseline ?? root.appendingPathComponent("layers-baseline.json")
        guard baseline != nil || InputFile.exists(baselineURL) else { return report }
        return report.applying(try Baseline.load(from: baselineURL))
    }

    /// The cache file of the package at `root`: `.build/strata-check-layers/cache.json`.
    public static func defaultCacheFile(root: URL) -> URL {
        LayeringCache.defaultFile(root: root)
    }

    /// Where the package description comes from.
    public enum PackageInput: Sendable {
        /// `swift package dump-package` on the root's `Package.swift`.
        case manifest
        /// A `dump-package` JSON file, named `name` in messages.
        case json(URL, name: String)
    }

    /// The report on the package at `root` (no baseline applied), from the cache when nothing
    /// changed, and the package description when it was read (`nil` on a cache hit).
    ///
    /// - Parameter cacheFile: the cache record, or `nil` for no cache.
    /// - Throws: ``LayeringError`` when the package or a source file cannot be read.
    public static func check(
        root: URL, policy: LayerPolicy, policyURL: URL, input: PackageInput, cacheFile: URL?,
        dependenciesJSON: (folder: URL, name: String)? = nil
    ) throws -> (report: LayeringReport, package: PackageModel?) {
        let manifestPath: String
        var manifests: [(name: String, data: Data?)]
        switch input {
        case .manifest:
            manifestPath = "Package.swift"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            manifests = names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
                .sorted().map { ($0, try? Data(contentsOf: root.appendingPathComponent($0))) }
            manifests.append(("Package.resolved", try? Data(contentsOf: root.appendingPathComponent("Package.resolved"))))
        case .json(let url, let name):
            manifestPath = name
            manifests = [(url.path, try? Data(contentsOf: url))]
            if let folder = dependenciesJSON?.folder {  // the dependency packages' descriptions (deps)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                manifests += names.sorted().map { ($0, try? Data(contentsOf: folder.appendingPathComponent($0))) }
            }
        }
        let cache = cacheFile.map(LayeringCache.init(file:))
        let policyBytes = (try? Data(contentsOf: policyURL)) ?? Data()
        let key = LayeringCache.key(
            identity: LayeringCache.identity, policy: policyBytes, manifests: manifests, options: [root.path, manifestPath]
        )
        if let cache, let cached = cache.report(key: key, root: root) { return (cached, nil) }
        // Taken before the check, so a file edited while it runs makes the next run check again.
        let tree = cache.flatMap { TreeStamp.snapshot(of: root, listing: $0.listedFolders(root: root)) }

        var package: PackageModel
        switch input {
        case .manifest:
            let dumped = try PackageModel.dumpWithDependencies(  // and its dependency packages (deps)
                packageAt: root, cacheFolder: cacheFile.map { $0.deletingLastPathComponent().appendingPathComponent("dependencies") }
            )
            package = dumped.package
            for warning in dumped.warnings {
                FileHandle.standardError.write(Data("strata-check-layers: warning: \(warning)\n".utf8))
            }
        case .json(let url, let name):
            let data = try InputFile.read(
                url, named: name, limit: InputFile.packageDescriptionLimit,
                expected: "a package description (the JSON `swift package dump-package` prints)"
            )
            package = try PackageModel(dumpJSON: data, source: name)
            if let (folder, name) = dependenciesJSON {
                package.dependencyPackages = try DependencyPackages.load(folder: folder, named: name)
            }
        }
        let checker = LayeringChecker(package: package, policy: policy, root: root, manifestPath: manifestPath)
        let report = try checker.report()
        if let cache, let tree, let failure = cache.store(report, key: key, tree: tree, outside: outsideInputs(of: package, root: root)) {
            FileHandle.standardError.write(Data("strata-check-layers: warning: \(failure); the next run checks from scratch\n".utf8))
        }
        return (report, package)
    }

    /// Files outside the package root the check depends on: the manifests of local dependency
    /// packages (`.package(path:)`); remote ones change only with `Package.resolved`.
    static func outsideInputs(of package: PackageModel, root: URL) -> [URL] {
        package.dependencyPackages.compactMap { dependency in  // local dependency packages' manifests (deps)
            dependency.location.flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).appendingPathComponent("Package.swift") : nil }
        }
    }
}
