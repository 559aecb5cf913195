import Foundation

/// Checks a package against a ``LayerPolicy``: the package description (every target placed,
/// strict settings, declared dependencies that point the right way) and every Swift source
/// file (each import, and the public surface of Data and Domain).
///
/// It never runs the compiler: give it a ``PackageModel`` (from ``PackageDumper`` for the real
/// repository, from a fixture's `package.json` in tests) and the folder holding the sources.
struct LayeringChecker {
    /// The package description.
    let package: PackageModel
    /// The layers and their targets.
    let policy: LayerPolicy
    /// The package root; target paths are relative to it.
    let root: URL
    /// The manifest file, relative to `root`, that package-level violations point at.
    let manifestPath: String

    /// The upcoming features every Swift target must enable.
    static let requiredUpcomingFeatures = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]

    init(package: PackageModel, policy: LayerPolicy = .strata, root: URL, manifestPath: String = "Package.swift") {
        self.package = package
        self.policy = policy
        self.root = root
        self.manifestPath = manifestPath
    }

    /// Every violation in the package, each once, ordered by file and line.
    ///
    /// A violation found twice at one place is reported once: a dependency the manifest lists
    /// twice (`"StrataHostKit"` and `.target(name: "StrataHostKit")`), or two imports of one
    /// module on one line, break the rule once.
    ///
    /// - Throws: ``ArchitectureCheckError`` when a source file cannot be read.
    func check() throws -> [Violation] {
        var violations = checkPackageDescription()
        let sources = try scannedSources()
        let surfaces = moduleSurfaces(of: sources)
        for (target, files) in sources {
            for file in files {
                violations += checkSource(file, target: target, surfaces: surfaces)
            }
        }
        var seen: Set<Violation> = []
        return violations.filter { seen.insert($0).inserted }.sorted {
            ($0.path, $0.line, $0.rule.rawValue, $0.message) < ($1.path, $1.line, $1.rule.rawValue, $1.message)
        }
    }

    /// Violations of the package description alone: unplaced targets, missing settings, and
    /// declared dependencies that break the layers.
    func checkPackageDescription() -> [Violation] {
        var violations: [Violation] = []
        let manifest = ManifestLines(root: root, manifestPath: manifestPath)
        for target in package.targets {
            let line = manifest.line(ofTarget: target.name)
            guard let placement = policy.placement(of: target) else {
                violations.append(Violation(
                    rule: .unassignedTarget, path: manifestPath, line: line,
                    message: "target \(target.name) (\(target.kind.rawValue), \(target.path)) belongs to no layer.",
                    fix: "Decide where it sits and add one line to LayerPolicy.strata in "
                        + "Tests/ArchitectureTests/Checker/Policy/LayerPolicy.swift, e.g. "
                        + "`.init(\"\(target.name)\", domain, side: .client)` (no side if the client and the server "
                        + "both use it), and a row to Architecture.md's layers table."
                ))
                continue
            }
            violations += strictSettingsViolations(of: target, line: line)
            for dependency in target.dependencies {
                guard let module = package.target(named: dependency.name)?.moduleName, !dependency.isProduct else {
                    continue
                }
                if let finding = judgeLayers(importer: placement, module: module, verb: "declares a dependency on") {
                    violations.append(Violation(
                        rule: finding.rule, path: manifestPath, line: line,
                        message: finding.message,
                        fix: finding.fix + " Then remove \"\(dependency.name)\" from its dependencies."
                    ))
                }
            }
        }
        return violations
    }

    /// Violations in one source file of `target`, given the surfaces of the modules that
    /// publish only abstractions (see ``moduleSurfaces(of:)``).
    func checkSource(_ file: ScannedFile, target: PackageModel.Target, surfaces: [String: ModuleSurface]) -> [Violation] {
        guard let placement = policy.placement(of: target) else { return [] }  // reported once, on the manifest
        var violations = ImportScanner.imports(in: file.tokens).compactMap { statement in
            importViolation(statement, in: target, placement: placement, path: file.path)
        }
        if !isCompositionRoot(target, placement: placement) {
            violations += liveFactoryViolations(file, target: target, placement: placement)
        }
        if placement.publishesOnlyAbstractions, let surface = surfaces[target.moduleName] {
            violations += publicSurfaceViolations(
                file, placement: placement, surface: surface, services: serviceProtocols(visibleTo: target, in: surfaces)
            )
        }
        return violations
    }

    /// Every Swift target with its source files, read and tokenized.
    ///
    /// - Throws: ``ArchitectureCheckError`` when a source file cannot be read.
    func scannedSources() throws -> [(target: PackageModel.Target, files: [ScannedFile])] {
        try package.targets.filter { $0.kind != .system && $0.kind != .binary }.map { target in
            (target, try SourceFiles.swiftFiles(of: target, root: root).map { try scan($0, of: target) })
        }
    }

    /// Reads and tokenizes source file `path` of `target`.
    private func scan(_ path: String, of target: PackageModel.Target) throws -> ScannedFile {
        do {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return ScannedFile(path: path, tokens: SwiftTokenizer.tokens(of: text))
        } catch {
            throw ArchitectureCheckError("cannot read \(path) of target \(target.name): \(error)")
        }
    }

    // MARK: - strict-settings

    private func strictSettingsViolations(of target: PackageModel.Target, line: Int) -> [Violation] {
        guard [.regular, .executable, .test, .macro].contains(target.kind) else { return [] }
        var problems: [String] = []
        let missing = Self.requiredUpcomingFeatures.filter { !target.upcomingFeatures.contains($0) }
        if !missing.isEmpty { problems.append("does not enable \(missing.joined(separator: ", "))") }
        if let mode = target.languageMode, !mode.hasPrefix("6") { problems.append("sets Swift language mode \(mode)") }
        guard !problems.isEmpty else { return [] }
        return [Violation(
            rule: .strictSettings, path: manifestPath, line: line,
            message: "target \(target.name) \(problems.joined(separator: " and ")).",
            fix: "Give target \"\(target.name)\" `swiftSettings: strictSettings` in Package.swift (the shared list "
                + "enabling \(Self.requiredUpcomingFeatures.joined(separator: ", ")) on every platform) and "
                + "remove any `.swiftLanguageMode` below 6; then fix what the compiler reports."
        )]
    }
}
