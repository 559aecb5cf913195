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

    /// The full explanation: the rule, why, the examples and how violations are fixed.
    public func explanation(in policy: LayerPolicy) -> String {
        """
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
    var examples: (bad: String, good: String) {
        switch self {
        case .layerRank:
            ("// Modules/Data/Store.swift — StrataData (data, rank 1)\nimport StrataDomain   // rank 2: pointing up",
             "// StrataData declares what it needs as a protocol; StrataDomain conforms;\n"
                + "// the composition root passes it down.\npublic protocol ReportSink { func accept(_ row: Row) }")
        case .directDependency:
            ("// Package.swift: StrataHostKit depends on StrataDomain, which depends on StrataData\n"
                + "import StrataData   // in StrataHostKit: only reachable, not declared",
             "// Package.swift: .target(name: \"StrataHostKit\", dependencies: [\"StrataDomain\", \"StrataData\"])\n"
                + "import StrataData")
        case .siblingHosts:
            ("// Modules/Kits/HostKit/HostCommand.swift — group host\nimport StrataStatusKit   // group status, same rank",
             "// What both kits need moves down, into StrataDomain or StrataCrossCutting:\nimport StrataDomain")
        case .unassignedTarget:
            ("// Package.swift\n.target(name: \"StrataReports\", path: \"Modules/Reports\")   // no layer in layers.json",
             "// layers.json\n{ \"name\": \"domain\", \"rank\": 2, \"modules\": [\"StrataDomain\", \"StrataReports\"] }")
        case .testSupportInProduction:
            ("// Modules/Kits/StatusKit/StatusPreview.swift\nimport StrataDataTesting\n"
                + "let data = try await DataLayerFactory.inMemory()",
             "// The kit takes `any DataLayer`; only the test passes the in-memory double:\n"
                + "init(data: any DataLayer) { self.data = data }")
        case .layerPrivate:
            ("// Modules/Domain/FastCount.swift — StrataDomain\nimport CSQLite   // private to the data layer\n"
                + "sqlite3_exec(handle, \"SELECT count(*) …\", nil, nil, nil)",
             "// Ask the data layer through its protocol:\nlet count = try await data.store.count(CaseReport.self)")
        case .publicSurface:
            ("// Modules/Data — a public implementation\npublic final class SQLiteStore: ValueObjectStore { … }",
             "public protocol ValueObjectStore: Sendable { … }\nfinal class SQLiteStore: ValueObjectStore { … }   // internal\n"
                + "public enum DataLayerFactory { public static func live(…) -> any DataLayer }")
        case .strictSettings:
            (".target(name: \"StrataReports\", path: \"Modules/Reports\")   // no swiftSettings",
             ".target(name: \"StrataReports\", path: \"Modules/Reports\", swiftSettings: strictSettings)")
        case .isolatedSides:
            ("// Modules/Server/Data/ServerStore.swift — server side\nimport StrataData   // client side",
             "// Both sides import the shared wire module only:\nimport StrataWire")
        case .compositionRoot:
            ("// Modules/Kits/HostKit/ReportsCommand.swift\nlet data = try await DataLayerFactory.live(container: c, logger: l)",
             "// Hosts/strata-host/CompositionRoot.swift calls the factory once and passes it down:\n"
                + "let data = try await DataLayerFactory.live(container: c, logger: l)\n"
                + "let command = ReportsCommand(data: data)   // the kit takes `any DataLayer`\n"
                + "// Live factories are found in the code: every public static func or var of a public type\n"
                + "// named …Factory outside test support. A `static let` is a constant anyone may read\n"
                + "// (SecretServiceFactory.schemaName); what test support adds is a double for tests.")
        }
    }
}

extension String {
    /// Every line indented by two spaces.
    fileprivate var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
