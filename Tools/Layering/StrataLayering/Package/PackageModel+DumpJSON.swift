public import Foundation

extension PackageModel {
    /// Reads the JSON `swift package dump-package` prints.
    ///
    /// The shapes it reads (SwiftPM 6): a target's `type` (`regular`, `executable`, `test`,
    /// `system`, …), optional `path`, `sources` and `exclude`; each dependency is an object
    /// with one key — `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
    /// `{"product": [name, package, moduleAliases, condition]}`; each setting is
    /// `{"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}},
    /// "condition": …}`; each resource is `{"path": …, "rule": …}`. A dependency with a platform
    /// condition is declared on those platforms only (``Target/dependencyPlatforms``); a
    /// conditional upcoming feature does not count as enabled (it is not on everywhere). A
    /// target without `path` gets SwiftPM's default folder (`Sources/<name>`, `Tests/<name>`,
    /// `Plugins/<name>`) and ``Target/hasDefaultPath``.
    ///
    /// - Throws: `LayeringError` naming what could not be read.
    public init(dumpJSON data: Data, source: String) throws {
        let dump: DumpPackage
        do {
            if let problem = InputFile.jsonProblem(in: data) { throw LayeringError(problem) }
            dump = try JSONDecoder().decode(DumpPackage.self, from: data)
        } catch {
            throw LayeringError("\(source): not a package description in `swift package dump-package` shape (\(Self.describe(error)))")
        }
        let targets = dump.targets.map { target in
            let kind = Kind(rawValue: target.type) ?? .regular
            let swiftSettings = (target.settings ?? []).filter { $0.tool == "swift" }
            var model = Target(
                name: target.name,
                kind: kind,
                path: target.path ?? "\(SourceLayout.defaultFolders(for: kind)[0])/\(target.name)",
                sources: target.sources,
                exclude: target.exclude ?? [],
                dependencies: (target.dependencies ?? []).map(\.dependency),
                upcomingFeatures: Set(swiftSettings.compactMap { setting in
                    setting.condition == nil ? setting.kind["enableUpcomingFeature"]?.value : nil
                }),
                languageMode: swiftSettings.compactMap { $0.kind["swiftLanguageMode"]?.value }.last
            )
            model.hasDefaultPath = target.path == nil
            model.resources = (target.resources ?? []).map(\.path)
            model.dependencyPlatforms = Self.platformOnlyDependencies(target.dependencies ?? [])
            for setting in swiftSettings {
                guard let name = setting.kind["define"]?.value else { continue }
                if let condition = setting.condition {
                    guard condition.config == nil, let platforms = condition.platformNames, !platforms.isEmpty else { continue }
                    model.definesOnPlatforms[name, default: []] += platforms
                } else {
                    model.definesEverywhere.insert(name)
                }
            }
            return model
        }
        self.init(
            name: dump.name, targets: targets,
            products: (dump.products ?? []).map { Product(name: $0.name, targets: $0.targets) },
            packageDependencies: (dump.dependencies ?? []).compactMap(\.identity)
        )
    }
}

extension PackageModel {
    /// The dependencies declared only on some platforms, with the union of their platform
    /// names; a dependency also declared without a platform condition is declared everywhere.
    private static func platformOnlyDependencies(_ entries: [DumpDependency]) -> [Dependency: [String]] {
        var everywhere: Set<Dependency> = []
        var platforms: [Dependency: [String]] = [:]
        for entry in entries {
            guard let names = entry.platformNames, !names.isEmpty else {
                everywhere.insert(entry.dependency)
                continue
            }
            platforms[entry.dependency, default: []] += names.filter { !(platforms[entry.dependency] ?? []).contains($0) }
        }
        return platforms.filter { !everywhere.contains($0.key) }
    }

    /// A decoding error in words: the key path and what was wrong, without Foundation's codes.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys.isEmpty ? "the top level" : keys
        }
        if let error = error as? LayeringError { return error.description }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\(path(context)): missing key \(key.stringValue)"
        case .typeMismatch(let type, let context)?: return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context)?: return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context)?: return "\(path(context)): \(context.debugDescription)"
        default: return "not JSON"
        }
    }
}

// MARK: - The dump-package shapes

private struct DumpPackage: Decodable {
    let name: String
    let targets: [DumpTarget]
    let products: [DumpProduct]?
    let dependencies: [DumpPackageDependency]?
}

/// A product's name and the targets it lists (read by "deps", for products → modules).
private struct DumpProduct: Decodable {
    let name: String
    let targets: [String]
}

/// A package dependency's identity, whatever its kind: `{"sourceControl": [{"identity": "swift-log", …}]}`,
/// `{"fileSystem": [{"identity": "dep", …}]}`, `{"registry": …}`; `nil` for a shape SwiftPM may add later.
private struct DumpPackageDependency: Decodable {
    let identity: String?

    private struct Identified: Decodable { let identity: String }

    init(from decoder: any Decoder) throws {
        let kinds = try? decoder.singleValueContainer().decode([String: [Identified]].self)
        identity = kinds?.values.first?.first?.identity
    }
}

private struct DumpTarget: Decodable {
    let name: String
    let type: String
    let path: String?
    let sources: [String]?
    let exclude: [String]?
    let dependencies: [DumpDependency]?
    let settings: [DumpSetting]?
    let resources: [DumpResource]?
}

/// `{"path": "Resources", "rule": {"process": {}}}`: every rule keeps the path out of the sources.
private struct DumpResource: Decodable {
    let path: String
}

/// One dependency and the platform names of its condition (`{"platformNames": ["linux"]}`).
private struct DumpDependency: Decodable {
    let dependency: PackageModel.Dependency
    let platformNames: [String]?

    private enum CodingKeys: String, CodingKey { case byName, target, product }
    private struct Condition: Decodable { let platformNames: [String]? }

    init(from decoder: any Decoder) throws {
        dependency = try PackageModel.Dependency(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key: CodingKeys = container.contains(.product) ? .product : container.contains(.target) ? .target : .byName
        var fields = try container.nestedUnkeyedContainer(forKey: key)
        var condition: Condition?
        while !fields.isAtEnd {
            if let found = try? fields.decode(Condition.self) { condition = found } else { _ = try? fields.decode(Skipped.self) }
        }
        platformNames = condition?.platformNames
    }
}

/// Any JSON value, read and dropped.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}

private struct DumpSetting: Decodable {
    let tool: String
    let kind: [String: DumpPayload]
    let condition: DumpCondition?
}

/// A setting's condition: `{"platformNames": ["linux"], "config": "debug"}` (either may be absent).
private struct DumpCondition: Decodable {
    let platformNames: [String]?
    let config: String?
}

/// `{"_0": value}`: keeps `value` when it is a string (feature names, language modes).
private struct DumpPayload: Decodable {
    let value: String?

    private enum CodingKeys: String, CodingKey { case first = "_0" }

    init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        value = try? container?.decode(String.self, forKey: .first)
    }
}

extension PackageModel.Dependency: Decodable {
    private enum CodingKeys: String, CodingKey { case byName, target, product }

    /// Reads one dependency in dump-package shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.byName) {
            var fields = try container.nestedUnkeyedContainer(forKey: .byName)
            self = .byName(try fields.decode(String.self))
        } else if container.contains(.target) {
            var fields = try container.nestedUnkeyedContainer(forKey: .target)
            self = .target(try fields.decode(String.self))
        } else if container.contains(.product) {
            var fields = try container.nestedUnkeyedContainer(forKey: .product)
            let name = try fields.decode(String.self)
            let package = try fields.decodeIfPresent(String.self)
            self = .product(name: name, package: package)
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a dependency needs one of the keys byName, target or product"
            ))
        }
    }
}
