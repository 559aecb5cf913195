import Foundation

/// `--explain RULE`: a rule's full explanation, with a ✅ and a ❌ example.
extension Rule {
    /// The rule named `name` (its id, e.g. `layer-rank`), if there is one.
    public static func named(_ name: String) -> Rule? {
        Rule(rawValue: name.lowercased())
    }

    /// Every rule id with its summary, one per line: what `--explain` prints for an unknown name.
    public static var list: String {
        allCases.map { "  \($0.rawValue.padding(toLength: 28, withPad: " ", startingAt: 0)) \($0.summary)" }
            .joined(separator: "\n")
    }

    /// The full explanation: the rule, why, the examples and how violations are fixed. The
    /// examples name `policy`'s own layers and targets when it has them (a neutral `Core` and
    /// `Feature` otherwise).
    public func explanation(in policy: LayerPolicy) -> String {
        let examples = examples(in: ExampleNames(policy: policy))
        return """
            \(rawValue): \(summary)

            Why
              \(why(in: policy))

            ❌ Breaks it
            \(examples.bad.indented)

            ✅ Follows it
            \(examples.good.indented)

            """
    }

    /// Two small examples: code that breaks the rule and the same code fixed.
    func examples(in names: ExampleNames) -> (bad: String, good: String) {
        let low = names.lower
        let high = names.upper
        switch self {
        case .layerRank:
            return ("// \(low.summary)\nimport \(high.module)   // \(high.layer): pointing up",
                    "// \(low.target) declares what it needs as a protocol; \(high.target) conforms;\n"
                        + "// the composition root passes it down.\npublic protocol ReportSink { func accept(_ row: Row) }")
        case .directDependency:
            return ("// Package.swift: \(high.target) depends on \(names.middle.target), which depends on \(low.target)\n"
                        + "import \(low.module)   // in \(high.target): only reachable, not declared",
                    "// Package.swift: .target(name: \"\(high.target)\", dependencies: [\"\(names.middle.target)\", \"\(low.target)\"])\n"
                        + "import \(low.module)")
        case .siblingHosts:
            let (first, second) = names.siblings
            return ("// \(first.summary)\nimport \(second.module)   // group \(second.group), same rank",
                    "// What both need moves down, into \(low.target) (or another lower layer):\nimport \(low.module)")
        case .unassignedTarget:
            return ("// Package.swift\n.target(name: \"Reports\")   // in no layer of \(names.source)",
                    "// \(names.source)\n{ \"name\": \"\(high.layer.name)\", \"rank\": \(high.layer.rank ?? 1), "
                        + "\"modules\": [\"\(high.target)\", \"Reports\"] }")
        case .testSupportInProduction:
            return ("// \(high.summary)\nimport \(names.testSupport)   // test doubles, in production code",
                    "// \(high.target) takes the protocol; only the tests pass the double from \(names.testSupport):\n"
                        + "init(store: any Store) { self.store = store }")
        case .layerPrivate:
            let (privateModule, outsider) = names.layerPrivate
            return ("// \(outsider.summary)\nimport \(privateModule.module)   // private to the \(privateModule.layer.name) layer",
                    "// Ask the \(privateModule.layer.name) layer through its public protocols:\nlet count = try await store.count()")
        case .publicSurface:
            return ("// \(low.target) — a public implementation\npublic final class SQLiteStore: Store { … }",
                    "public protocol Store: Sendable { … }\nfinal class SQLiteStore: Store { … }   // internal\n"
                        + "public enum StoreFactory { public static func live(…) -> any Store }")
        case .strictSettings:
            return (".target(name: \"\(low.target)\")   // no swiftSettings",
                    ".target(name: \"\(low.target)\", swiftSettings: sharedSettings)   // the package's shared list\n"
                        + "// e.g. let sharedSettings: [SwiftSetting] = [.enableUpcomingFeature(\"ExistentialAny\")]")
        case .isolatedSides:
            let (first, second) = names.sides
            return ("// \(first.summary)\nimport \(second.module)   // \(second.side ?? "another") side",
                    "// Both sides import only the modules every side shares:\nimport \(low.module)")
        case .compositionRoot:
            return ("// \(high.summary)\nlet store = try StoreFactory.live(path: path)",
                    "// The executable's main calls the factory once and passes it down:\n"
                        + "let store = try StoreFactory.live(path: path)\n"
                        + "let feature = \(high.module)Service(store: store)   // takes `any Store`\n"
                        + "// Live factories are found in the code: every public static func or var of a public type\n"
                        + "// named …Factory outside test support. A `static let` is a constant anyone may read.")
        case .unusedDependency:
            return ("// Package.swift\n.target(name: \"\(high.target)\", dependencies: [\"\(low.target)\", \"\(names.middle.target)\"])\n"
                        + "// no file of \(high.target) imports \(names.middle.module), in any #if branch",
                    ".target(name: \"\(high.target)\", dependencies: [\"\(low.target)\"])")
        case .importCycle:
            return ("// \(low.target) imports \(names.middle.module), and \(names.middle.target) imports \(low.module):\n"
                        + "// \(low.target) → \(names.middle.target) → \(low.target)",
                    "// \(low.target) declares a protocol for what it needs; \(names.middle.target) conforms, and the\n"
                        + "// composition root passes it down: the arrow points one way.")
        case .testableImport:
            return ("// \(high.summary)\n@testable import \(low.module)",
                    "// Production code uses \(low.target)'s public API (make what it needs public):\nimport \(low.module)\n"
                        + "// Only a test target writes `@testable import \(low.module)`.")
        case .unknownTarget:
            return ("// \(names.source): \"\(low.target)Old\" was renamed in Package.swift\n"
                        + "{ \"name\": \"\(low.layer.name)\", \"rank\": \(low.layer.rank ?? 0), \"modules\": [\"\(low.target)Old\"] }",
                    "{ \"name\": \"\(low.layer.name)\", \"rank\": \(low.layer.rank ?? 0), \"modules\": [\"\(low.target)\"] }\n"
                        + "// or, for a target another branch is adding: { \"target\": \"Next\", \"mayBeAbsent\": true }")
        case .unusedException:
            return ("// \(names.source): the import it excused is gone\n\"exceptions\": [{ \"rule\": \"layer-rank\", "
                        + "\"target\": \"\(low.target)\", \"module\": \"\(high.module)\", \"reason\": \"…\" }]",
                    "\"exceptions\": []")
        case .emptyTarget:
            return ("// Sources/\(low.target)/ holds only Resources/ and a .docc catalog: no source file\n"
                        + ".target(name: \"\(low.target)\", resources: [.process(\"Resources\")])",
                    "// Its Swift files sit where SwiftPM compiles them (or the target is removed):\n"
                        + "// Sources/\(low.target)/\(low.target).swift, Sources/\(low.target)/Resources/")
        }
    }
}

extension String {
    /// Every line indented by two spaces.
    fileprivate var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
