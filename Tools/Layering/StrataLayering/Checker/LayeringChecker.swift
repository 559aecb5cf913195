public import Foundation

/// Checks a package against a ``LayerPolicy``: the package description (every target placed,
/// strict settings, declared dependencies that point the right way) and every Swift source
/// file (each import, each call of a live factory it finds in the sources, and the public
/// surface of the modules that publish only abstractions).
///
/// It never runs the compiler: give it a ``PackageModel`` (from `swift package dump-package`
/// for a real package, from a fixture's `package.json` in tests) and the folder holding the
/// sources.
///
/// ```swift
/// let policy = try LayerPolicy.load(from: root.appendingPathComponent("layers.json"))
/// let violations = try LayeringChecker(package: package, policy: policy, root: root).check()
/// ```
public struct LayeringChecker: Sendable {
    /// The package description.
    public let package: PackageModel
    /// The layers and their targets (the policy's path patterns resolved for ``package``).
    public let policy: LayerPolicy
    /// The package root; target paths are relative to it.
    public let root: URL
    /// The manifest file, relative to `root`, that package-level violations point at.
    public let manifestPath: String
    /// The live factories found in the sources (see ``liveFactories()``): ``report()`` finds
    /// them before it checks anything, so every rule's messages can name them.
    var factories: [LiveFactory] = []
    /// Where each target is declared in the manifest, read once for every rule that points there.
    let manifest: ManifestLines

    /// A checker for `package` (sources under `root`) against `policy`; package-level
    /// violations point at `manifestPath`.
    public init(package: PackageModel, policy: LayerPolicy, root: URL, manifestPath: String = "Package.swift") {
        self.package = package.resolvingDefaultPaths(root: root)
        self.policy = policy.resolved(for: self.package)
        self.root = root
        self.manifestPath = manifestPath
        manifest = ManifestLines(root: root, manifestPath: manifestPath)
    }

    /// Every violation in the package, each once, ordered by file and line.
    ///
    /// A violation found twice at one place is reported once: a dependency the manifest lists
    /// twice (`"StrataHostKit"` and `.target(name: "StrataHostKit")`), or two imports of one
    /// module on one line, break the rule once.
    ///
    /// Violations the policy's ``LayerPolicy/exceptions`` allow are left out.
    ///
    /// - Throws: ``LayeringError`` when a source file cannot be read.
    public func check() throws -> [Violation] {
        try report().violations
    }

    /// Every violation (as ``check()`` finds them) and how many targets and files were read.
    ///
    /// - Throws: ``LayeringError`` when a source file cannot be read.
    public func report() throws -> LayeringReport {
        let sources = try scannedSources()
        var checker = self
        checker.factories = liveFactories(in: sources)
        return checker.report(of: sources)
    }

    /// The report on `sources` (every Swift target, read and tokenized), with ``factories`` found.
    private func report(of sources: [(target: PackageModel.Target, files: [ScannedFile])]) -> LayeringReport {
        var violations = checkPackageDescription()
        let surfaces = moduleSurfaces(of: sources)
        var imports: [String: [LocatedImport]] = [:]
        for (target, files) in sources {
            for file in files {
                let facts = conditionFacts(for: target)
                let statements = ImportScanner.imports(in: file.tokens).filter { !$0.isDead(given: facts) }
                imports[target.name, default: []] += statements.map { LocatedImport(statement: $0, path: file.path) }
                violations += checkSource(file, statements: statements, target: target, surfaces: surfaces)
            }
        }
        let swiftTargets = Set(sources.filter { !$0.files.isEmpty }.map(\.target.name))
        violations += unusedDependencyViolations(imports: imports, swiftTargets: swiftTargets)
        violations += importCycleViolations(imports: imports)
        violations += emptyTargetViolations()
        violations += policyViolations()
        violations += valueProtocolViolations(surfaces: surfaces)
        violations += unusedExceptionViolations(findings: violations)
        var seen: Set<Violation> = []
        let allowed = violations.filter { violation in !policy.exceptions.contains { $0.allows(violation) } }
        let unique = allowed.filter { seen.insert($0).inserted }.sorted {
            ($0.path, $0.line, $0.rule.rawValue, $0.message) < ($1.path, $1.line, $1.rule.rawValue, $1.message)
        }
        return LayeringReport(
            violations: unique, targetCount: package.targets.count, fileCount: sources.reduce(0) { $0 + $1.files.count }
        )
    }

    /// Violations of the package description alone: unplaced targets, missing settings, and
    /// declared dependencies that break the layers.
    func checkPackageDescription() -> [Violation] {
        var violations: [Violation] = []
        for target in package.targets {
            let line = manifest.line(ofTarget: target.name)
            guard let placement = policy.placement(of: target) else {
                violations.append(violation(
                    .unassignedTarget, path: manifestPath, line: line,
                    message: "target \(target.name) (\(target.kind.rawValue), \(target.path)) belongs to no layer.",
                    fix: "Decide where it sits and add it to the \"modules\" of one layer in \(policy.source), e.g. "
                        + "`\"\(target.name)\"` or `{ \"target\": \"\(target.name)\", \"side\": \"…\" }` (no side if every "
                        + "side uses it), and a line to the architecture's layers table.",
                    target: target.name
                ))
                continue
            }
            violations += strictSettingsViolations(of: target, line: line)
            for dependency in target.dependencies {
                guard let module = package.target(named: dependency.name)?.moduleName, !dependency.isProduct else {
                    continue
                }
                if let finding = judgeLayers(importer: placement, module: module, verb: "declares a dependency on") {
                    violations.append(violation(
                        finding.rule, path: manifestPath, line: line,
                        message: finding.message,
                        fix: finding.fix + " Then remove \"\(dependency.name)\" from its dependencies.",
                        target: target.name, subject: module
                    ))
                }
            }
        }
        return violations
    }

    /// Violations in one source file of `target`, given the surfaces of the modules that
    /// publish only abstractions (see ``moduleSurfaces(of:)``).
    func checkSource(
        _ file: ScannedFile, statements: [ImportStatement], target: PackageModel.Target, surfaces: [String: ModuleSurface]
    ) -> [Violation] {
        guard let placement = policy.placement(of: target) else { return [] }  // reported once, on the manifest
        var violations = statements.compactMap { statement in
            importViolation(statement, in: target, placement: placement, path: file.path)
        }
        violations += statements.compactMap { testableImportViolation($0, in: target, placement: placement, path: file.path) }
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
    /// - Throws: ``LayeringError`` when a source file cannot be read.
    func scannedSources() throws -> [(target: PackageModel.Target, files: [ScannedFile])] {
        try package.targets.filter { $0.kind != .system && $0.kind != .binary }.map { target in
            (target, try SourceFiles.swiftFiles(of: target, root: root).map { try scan($0, of: target) })
        }
    }

    /// Reads and tokenizes source file `path` of `target`.
    private func scan(_ path: String, of target: PackageModel.Target) throws -> ScannedFile {
        let limit = InputFile.size(InputFile.sourceFileLimit)
        let expected = "a Swift source file of target \(target.name) (UTF-8 text of at most \(limit))"
        let data = try InputFile.read(
            root.appendingPathComponent(path), named: path, limit: InputFile.sourceFileLimit, expected: expected, allowsEmpty: true
        )
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = InputFile.firstInvalidUTF8Byte(in: data)
            throw LayeringError("\(path): not UTF-8 text (invalid byte at offset \(offset)); expected \(expected)")
        }
        return ScannedFile(path: path, tokens: SwiftTokenizer.tokens(of: text))
    }

    /// A violation of `rule`, with the rule's why under this policy.
    func violation(
        _ rule: Rule, path: String, line: Int, message: String, fix: String, target: String? = nil,
        subject: String? = nil
    ) -> Violation {
        Violation(
            rule: rule, path: path, line: line, message: message, why: rule.why(in: policy), fix: fix, target: target,
            subject: subject
        )
    }

    // MARK: - strict-settings

    private func strictSettingsViolations(of target: PackageModel.Target, line: Int) -> [Violation] {
        guard [.regular, .executable, .test, .macro].contains(target.kind) else { return [] }
        let required = policy.requiredUpcomingFeatures
        var problems: [String] = []
        let missing = required.filter { !target.upcomingFeatures.contains($0) }
        if !missing.isEmpty { problems.append("does not enable \(missing.joined(separator: ", "))") }
        if let minimum = policy.minimumLanguageMode, let mode = target.languageMode,
           mode.compare(minimum, options: .numeric) == .orderedAscending {
            problems.append("sets Swift language mode \(mode)")
        }
        guard !problems.isEmpty else { return [] }
        let features = required.isEmpty ? "" : " (enabling \(required.joined(separator: ", ")) on every platform)"
        let mode = policy.minimumLanguageMode.map { " and remove any `.swiftLanguageMode` below \($0)" } ?? ""
        return [violation(
            .strictSettings, path: manifestPath, line: line,
            message: "target \(target.name) \(problems.joined(separator: " and ")).",
            fix: "Give target \"\(target.name)\" the settings every other target uses in Package.swift (one shared "
                + "`swiftSettings:` list)\(features)\(mode); then fix what the compiler reports.",
            target: target.name
        )]
    }
}
