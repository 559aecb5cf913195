public import Foundation

/// Reading the policy from `layers.json`.
///
/// ```json
/// {
///   "layers": [
///     { "name": "core", "rank": 0, "modules": ["Core", { "target": "CoreTesting", "role": "test-support" }] },
///     { "name": "app", "rank": 1, "modules": [{ "target": "App", "group": "app", "side": "client" }] },
///     { "name": "features", "rank": 2, "modules": [{ "path": "Features/*", "eachItsOwnGroup": true }] },
///     { "name": "benchmarks", "mayImport": ["core"], "modules": ["core-bench"] }
///   ],
///   "sides": [{ "name": "client", "description": "the app and the layers under it" }],
///   "toolchainModules": ["Foundation"], "testOnlyModules": ["Testing", "XCTest"],
///   "valueProtocols": [], "compositionRoots": { "executables": true, "targets": [] },
///   "strictSettings": { "upcomingFeatures": ["ExistentialAny"], "minimumLanguageMode": "6" },
///   "exceptions": [{ "rule": "layer-rank", "target": "Core", "module": "App", "reason": "…" }]
/// }
/// ```
///
/// Every mistake is one line naming the file, the key path and what was expected:
/// `layers.json: layers[2].modules[0].side: expected one of the sides declared in "sides" (client, server), found the string "clinet"`.
extension LayerPolicy {
    /// The policy in the file at `url`.
    ///
    /// - Throws: ``LayeringError`` when the file is missing, unreadable, not a regular file,
    ///   empty, over ``InputFile/policyLimit`` (4 MiB) or malformed.
    public static func load(from url: URL) throws -> LayerPolicy {
        let name = url.lastPathComponent
        guard InputFile.exists(url) else {
            throw LayeringError(
                "\(url.path): no policy file; expected a \(name) at the package root describing the layers "
                    + "(see Docs/LearnLayering.md), or pass --policy FILE"
            )
        }
        let data = try InputFile.read(
            url, limit: InputFile.policyLimit, expected: "the policy: a JSON object with \"layers\" (see Docs/LearnLayering.md)"
        )
        var policy = try LayerPolicy(json: data, source: name)
        policy.fileURL = url
        return policy
    }

    /// The policy in the JSON document `data`; `source` names the file in messages.
    ///
    /// - Throws: ``LayeringError`` naming the key path and what was expected.
    public init(json data: Data, source: String) throws {
        let root = try JSONNode.root(of: data, file: source)
        let keys = [
            "layers", "sides", "toolchainModules", "testOnlyModules", "valueProtocols", "compositionRoots",
            "strictSettings", "exceptions", "mayBeAbsent", "conditions",
        ]
        if case .object(let fields)? = root.value, fields["liveFactories"] != nil {
            throw LayeringError(
                "\(source): liveFactories: no longer read; the checker finds the live factories in the code (every "
                    + "public static func or var of a public type named …Factory outside test support), so remove "
                    + "the key, and allow a call on purpose with an \"exceptions\" entry (rule composition-root) "
                    + "and its reason"
            )
        }
        let top = try root.object(allowing: keys)
        let sides = try top.optional("sides")?.array(of: "sides").map(Self.side) ?? []
        let layerNodes = try top.required("layers", in: root).array(of: "layers")
        var layers: [Layer] = []
        var placements: [Placement] = []
        var patterns: [PlacementPattern] = []
        for node in layerNodes {
            let (layer, modules, folders) = try Self.layer(node, knownSides: sides.map(\.name))
            guard !layers.contains(where: { $0.name == layer.name }) else {
                throw node.mismatch("a layer name used once (\"\(layer.name)\" is declared twice)")
            }
            layers.append(layer)
            placements += modules
            patterns += folders
        }
        try Self.checkReferences(layers: layers, placements: placements, nodes: layerNodes)
        let roots = try top.optional("compositionRoots")?.object(allowing: ["executables", "targets"])
        let strict = try top.optional("strictSettings")?.object(allowing: ["upcomingFeatures", "minimumLanguageMode"])
        self.init(
            layers: layers, placements: placements, patterns: patterns, sides: sides,
            toolchainModules: Set(try top.optional("toolchainModules")?.strings() ?? []),
            testOnlyToolchainModules: Set(try top.optional("testOnlyModules")?.strings() ?? ["Testing", "XCTest"]),
            valueProtocols: Set(try top.optional("valueProtocols")?.strings() ?? []),
            compositionRootTargets: Set(try roots?.optional("targets")?.strings() ?? []),
            executablesAreCompositionRoots: try roots?.optional("executables")?.bool() ?? true,
            requiredUpcomingFeatures: try strict?.optional("upcomingFeatures")?.strings() ?? [],
            minimumLanguageMode: try strict?.optional("minimumLanguageMode")?.string(),
            exceptions: try top.optional("exceptions")?.array(of: "exceptions").map(Self.exception) ?? [],
            source: source
        )
        if try top.optional("mayBeAbsent")?.bool() == true { self = allowingAbsentTargets() }  // a shared policy
        conditions = try top.optional("conditions").map(Self.conditions) ?? [:]
    }

    /// One layer, the placements of its modules named one by one and its path patterns.
    private static func layer(_ node: JSONNode, knownSides: [String]) throws -> (Layer, [Placement], [PlacementPattern]) {
        let fields = try node.object(allowing: ["name", "rank", "mayImport", "modules"])
        let name = try fields.required("name", in: node).string()
        let rank = try fields.optional("rank")?.int()
        let mayImport = try fields.optional("mayImport")?.strings() ?? []
        if rank != nil, let listed = fields.optional("mayImport"), !mayImport.isEmpty {
            throw listed.mismatch("no mayImport on a layer with a rank (ranks already say what it may import)")
        }
        let layer = Layer(name, rank: rank, mayImport: mayImport)
        let modules = try fields.required("modules", in: node).array(of: "module names or objects")
        var placements: [Placement] = []
        var patterns: [PlacementPattern] = []
        for module in modules {
            if case .object(let members)? = module.value, members["path"] != nil {
                patterns.append(try pattern(module, in: layer, knownSides: knownSides))
            } else {
                placements.append(try placement(module, in: layer, knownSides: knownSides))
            }
        }
        return (layer, placements, patterns)
    }

    /// One path pattern: `{ "path": "Modules/MicroApps/*", "eachItsOwnGroup": true, … }`.
    private static func pattern(_ node: JSONNode, in layer: Layer, knownSides: [String]) throws -> PlacementPattern {
        let fields = try node.object(allowing: ["path", "group", "eachItsOwnGroup", "role", "side", "publishesOnlyAbstractions"])
        let pathNode = try fields.required("path", in: node)
        let path = try pathNode.string()
        guard !path.hasPrefix("/"), path.split(separator: "/").contains(where: { $0 != "." }) else {
            throw pathNode.mismatch("a folder pattern relative to the package root, e.g. \"Modules/MicroApps/*\"")
        }
        let ownGroups = try fields.optional("eachItsOwnGroup")?.bool() ?? false
        let group = try fields.optional("group")?.string()
        if ownGroups, group != nil, let groupNode = fields.optional("group") {
            throw groupNode.mismatch("no group with \"eachItsOwnGroup\": true (each target is its own group)")
        }
        return PlacementPattern(
            path: path, layer, group: ownGroups ? nil : group ?? layer.name, role: try role(fields),
            side: try side(fields, knownSides: knownSides),
            publishesOnlyAbstractions: try fields.optional("publishesOnlyAbstractions")?.bool() ?? false
        )
    }

    /// The `role` of a placement or pattern (production when absent).
    private static func role(_ fields: [String: JSONNode]) throws -> Placement.Role {
        guard let roleNode = fields.optional("role") else { return .production }
        let roles = Placement.Role.allCases.filter { $0 != .test }
        guard let parsed = Placement.Role(rawValue: try roleNode.string()), parsed != .test else {
            throw roleNode.mismatch("one of \(roles.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return parsed
    }

    /// The `side` of a placement or pattern: one the policy declares, or `nil`.
    private static func side(_ fields: [String: JSONNode], knownSides: [String]) throws -> String? {
        let side = try fields.optional("side")?.string()
        if let side, !knownSides.contains(side), let sideNode = fields.optional("side") {
            let known = knownSides.isEmpty ? "none declared" : knownSides.joined(separator: ", ")
            throw sideNode.mismatch("one of the sides declared in \"sides\" (\(known))")
        }
        return side
    }

    /// One module: a target name, or an object with `target` and its details.
    private static func placement(_ node: JSONNode, in layer: Layer, knownSides: [String]) throws -> Placement {
        if case .string? = node.value { return Placement(try node.string(), layer) }
        guard case .object? = node.value else {
            throw node.mismatch("a target name, an object with \"target\" or an object with \"path\"")
        }
        let fields = try node.object(allowing: [
            "target", "group", "role", "side", "publishesOnlyAbstractions", "mayBeAbsent",
        ])
        let role = try role(fields)
        let side = try side(fields, knownSides: knownSides)
        return Placement(
            try fields.required("target", in: node).string(), layer, group: try fields.optional("group")?.string(),
            role: role, side: side,
            publishesOnlyAbstractions: try fields.optional("publishesOnlyAbstractions")?.bool() ?? false,
            mayBeAbsent: try fields.optional("mayBeAbsent")?.bool() ?? false, roleIsStated: fields.optional("role") != nil
        )
    }

    /// Every `mayImport` names a declared layer; no target is placed twice.
    private static func checkReferences(layers: [Layer], placements: [Placement], nodes: [JSONNode]) throws {
        for (layer, node) in zip(layers, nodes) {
            for (index, name) in layer.mayImport.enumerated() where !layers.contains(where: { $0.name == name }) {
                let path = JSONNode(value: .string(name), path: "\(node.path).mayImport[\(index)]", file: node.file)
                throw path.mismatch("the name of a layer in \"layers\" (\(layers.map(\.name).joined(separator: ", ")))")
            }
        }
        var seen: Set<String> = []
        for placement in placements where !seen.insert(placement.target).inserted {
            let node = nodes[layers.firstIndex(of: placement.layer) ?? 0]
            throw LayeringError(
                "\(node.file): \(node.path).modules: target \(placement.target) is placed twice; expected each "
                    + "target in one layer"
            )
        }
    }

    /// `"conditions": { "os(Windows)": false, "DEBUG": true }`: each key one `#if` atom (a flag,
    /// `os(…)`, `canImport(…)`, `arch(…)`, `swift(>=…)`, `compiler(>=…)`, …), each value a boolean.
    private static func conditions(_ node: JSONNode) throws -> [String: Bool] {
        guard case .object(let members)? = node.value else {
            throw node.mismatch("an object of #if conditions and their values, e.g. { \"os(Windows)\": false, \"DEBUG\": true }")
        }
        var result: [String: Bool] = [:]
        for key in members.keys.sorted() where !key.hasPrefix("$") {
            let valueNode = JSONNode(value: members[key], path: "\(node.path).\(key)", file: node.file)
            guard case .atom(let atom)? = BuildCondition.parsed(SwiftTokenizer.tokens(of: key)) else {
                throw LayeringError(
                    "\(node.file): \(valueNode.path): expected a key that is one #if condition (a flag such as DEBUG, or "
                        + "os(Linux), canImport(Darwin), arch(arm64), swift(>=6.0), compiler(>=6.0)), without !, && or ||"
                )
            }
            result[atom] = try valueNode.bool()
        }
        return result
    }

    private static func side(_ node: JSONNode) throws -> IsolatedSide {
        let fields = try node.object(allowing: ["name", "description", "compositionRoot"])
        return IsolatedSide(
            try fields.required("name", in: node).string(),
            description: try fields.optional("description")?.string() ?? "",
            compositionRoot: try fields.optional("compositionRoot")?.string()
        )
    }

    private static func exception(_ node: JSONNode) throws -> PolicyException {
        let fields = try node.object(allowing: ["rule", "target", "module", "reason"])
        let ruleNode = try fields.required("rule", in: node)
        guard let rule = Rule(rawValue: try ruleNode.string()) else {
            throw ruleNode.mismatch("a rule id (\(Rule.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return PolicyException(
            rule: rule, target: try fields.required("target", in: node).string(),
            subject: try fields.optional("module")?.string(), reason: try fields.required("reason", in: node).string()
        )
    }
}
