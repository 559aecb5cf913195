/// Conditions: dependencies declared only on some platforms, and `#if` branches the policy's
/// declared conditions make dead.
extension LayeringChecker {
    /// The facts the policy declares about `#if` conditions (its `conditions` key).
    var conditionFacts: ConditionFacts {
        ConditionFacts(values: policy.conditions)
    }

    /// The facts for `target`'s files: the policy's, with the compilation conditions the target
    /// defines on every platform (`.define("X")`) true; on `platform`, also those it defines for
    /// that platform true and those it defines only for others false.
    func conditionFacts(for target: PackageModel.Target, on platform: String? = nil) -> ConditionFacts {
        var facts = conditionFacts
        for name in target.definesEverywhere { facts.values[name] = true }
        if let platform {
            facts.platform = platform
            for (name, platforms) in target.definesOnPlatforms where !target.definesEverywhere.contains(name) {
                facts.values[name] = platforms.contains { Self.osNames[$0.lowercased()] == platform }
            }
        }
        return facts
    }

    /// The `os(…)` names of SwiftPM's platform names, as `.when(platforms:)` dumps them.
    static let osNames: [String: String] = [
        "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
        "linux": "Linux", "windows": "Windows", "android": "Android", "wasi": "WASI", "openbsd": "OpenBSD",
        "freebsd": "FreeBSD",
    ]

    /// The platforms `#if` may name with `os(…)` that a package can build for.
    static let buildPlatforms = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "WASI", "OpenBSD", "FreeBSD"]

    /// The `direct-dependency` violation of an import whose module `target` declares only on
    /// some platforms (`.when(platforms: [.linux])`), when the import is compiled on another
    /// platform too: no `#if os(Linux)` or `#if canImport(Module)` around it. `nil` when the
    /// module is declared everywhere, not declared at all, or the import is guarded.
    func platformViolation(_ statement: ImportStatement, in target: PackageModel.Target, path: String) -> Violation? {
        let module = statement.module
        var everywhere = false
        var platformNames: [String] = []
        for dependency in target.dependencies where provides(dependency, module, in: target) {
            guard let names = target.dependencyPlatforms[dependency] else {
                everywhere = true
                break
            }
            platformNames += names.filter { !platformNames.contains($0) }
        }
        guard !everywhere, !platformNames.isEmpty else { return nil }
        let allowed = Set(platformNames.compactMap { Self.osNames[$0.lowercased()] })
        let facts = conditionFacts
        let uncovered = Self.buildPlatforms.filter { platform in
            guard !allowed.contains(platform), facts.values["os(\(platform))"] != false else { return false }
            var imagined = conditionFacts(for: target, on: platform)
            imagined.missingModules = [module]
            return statement.condition?.evaluate(imagined) != false
        }
        guard !uncovered.isEmpty else { return nil }
        let declared = platformNames.map { ".\(Self.swiftPMSpelling(of: $0))" }.joined(separator: ", ")
        let guardText = allowed.sorted().map { "os(\($0))" }.joined(separator: " || ")
        let shown = uncovered.count > 4 ? uncovered.prefix(4).joined(separator: ", ") + ", …" : uncovered.joined(separator: ", ")
        return violation(
            .directDependency, path: path, line: statement.line,
            message: "\(target.name) imports \(module), which its target declares only on some platforms "
                + "(`.when(platforms: [\(declared)])`), but the import is also compiled on \(shown).",
            fix: "Guard the import with `#if canImport(\(module))`"
                + (guardText.isEmpty ? "" : " or `#if \(guardText)`")
                + ", or declare the dependency on every platform the package builds for; if the package never builds "
                + "for some of them, say so in \"conditions\" in \(policy.source) (e.g. `\"os(\(uncovered[0]))\": false`).",
            target: target.name, subject: module
        )
    }

    /// Whether `dependency` of `target` provides `module` (as the package resolves it).
    private func provides(_ dependency: PackageModel.Dependency, _ module: String, in target: PackageModel.Target) -> Bool {
        var single = target
        single.dependencies = [dependency]
        return package.declaredModules(of: single).contains(module)
    }

    /// `macOS` for `macos`: the spelling of SwiftPM's `Platform` members.
    private static func swiftPMSpelling(of name: String) -> String {
        let known = ["macos": "macOS", "maccatalyst": "macCatalyst", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
                     "visionos": "visionOS", "driverkit": "driverKit", "wasi": "wasi", "openbsd": "openbsd"]
        return known[name.lowercased()] ?? name.lowercased()
    }
}
