import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The `composition-root` rule finds the live factories in the code (issue 27): a factory
/// added to a module is covered without touching `layers.json`, so the policy cannot drift.
@Suite("The composition-root rule finds the live factories in the code, not in a hand list")
struct LiveFactoryDiscoveryTests {
    /// A factory planted in StrataSync of a copy of the `composition-root` fixture, with a test
    /// double in StrataDataTesting and a kit that calls it; nothing in `layers.json` names it.
    private static let relayFactory = """
        public import StrataData

        public protocol Relay: Sendable {}

        public enum RelayFactory {
            /// A constant: a `static let` picks no implementation.
            public static let channel = "relay"

            public static func live(data: any DataLayer, retries: Int = 3) -> any Relay { fatalError() }

            public static func migrate(path: String) async throws -> [String] { [] }

            static func internalHelper() -> Int { 0 }
        }
        """
    private static let relayDouble = """
        public import StrataData

        extension RelayFactory {
            public static func scripted(data: any DataLayer, replies: [String] = []) -> any Relay { fatalError() }
        }
        """
    private static let relayCommand = """
        import StrataData
        import StrataSync

        struct RelayCommand {
            let data: any DataLayer

            func run() async throws {
                let relay = RelayFactory.live(data: data)
                let steps = try await RelayFactory.migrate(path: "relay.sqlite")
                let name = RelayFactory.channel
                _ = (relay, steps, name)
            }
        }
        """

    /// A copy of the `composition-root` fixture with the relay factory, its double and the kit's call.
    private static func plantedRelay() throws -> URL {
        let root = try CheckLayersTool.copy(fixture: "composition-root")
        try relayFactory.write(to: root.appendingPathComponent("Modules/Sync/RelayFactory.swift"), atomically: true, encoding: .utf8)
        try relayDouble.write(
            to: root.appendingPathComponent("Modules/DataTesting/RelayFactory+Scripted.swift"), atomically: true, encoding: .utf8
        )
        try relayCommand.write(
            to: root.appendingPathComponent("Modules/Kits/HostKit/RelayCommand.swift"), atomically: true, encoding: .utf8
        )
        return root
    }

    @Test("a factory added to a module without touching layers.json is found, and a kit calling it is refused with a fix")
    func newFactoryIsFoundAndRefused() async throws {
        let root = try Self.plantedRelay()
        defer { try? FileManager.default.removeItem(at: root) }
        let checker = LayeringChecker(
            package: try Fixture.package("composition-root"), policy: try LayerPolicy.strata(), root: root,
            manifestPath: "package.json"
        )
        let relay = try #require(try checker.liveFactories().first { $0.type == "RelayFactory" })
        #expect(relay.module == "StrataSync")
        #expect(relay.members.map(\.name) == ["live", "migrate"], "a static let and an internal member are not live")
        #expect(relay.member(named: "live")?.returns == "any Relay")
        #expect(relay.member(named: "live")?.line == 9)
        #expect(relay.doubles.map(\.call) == ["scripted(data:)"])

        let violations = try checker.check().filter { $0.path.hasSuffix("RelayCommand.swift") }
        #expect(violations.map(\.location) == [
            "composition-root Modules/Kits/HostKit/RelayCommand.swift:8",
            "composition-root Modules/Kits/HostKit/RelayCommand.swift:9",
        ])
        let live = try #require(violations.first)
        #expect(live.message == "StrataHostKit (presentation, rank 4, group host) calls RelayFactory.live, a live factory: "
            + "only a composition root (an executable or a test) picks implementations.")
        #expect(live.fix == "Take `any Relay` as a parameter instead (an init argument, or a field of the launch or "
            + "environment value StrataHostKit already receives), and let the composition root of each host that uses "
            + "StrataHostKit (Hosts/<host>/CompositionRoot.swift) call RelayFactory.live and pass the result in. Tests "
            + "then pass RelayFactory.scripted(data:) (StrataDataTesting) through the same parameter.")
        #expect(live.why.contains("a hidden second root"))
        #expect(violations[1].fix.hasPrefix("Let the composition root of each host that uses StrataHostKit "
            + "(Hosts/<host>/CompositionRoot.swift) call RelayFactory.migrate, and take what StrataHostKit needs from it "
            + "as a parameter instead"))

        // The tool prints the same teaching refusal and fails.
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: root))
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.contains(
            "Modules/Kits/HostKit/RelayCommand.swift:8: [composition-root] StrataHostKit (presentation, rank 4, group host) "
                + "calls RelayFactory.live, a live factory"
        ))
    }

    @Test("the factories layers.json once listed by hand and those it had drifted from are all found in the real code")
    func realFactoriesAreFound() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        let factories = try await offThePool {
            try LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: root).liveFactories()
        }
        func members(_ type: String) -> Set<String> {
            factories.first { $0.type == type }?.memberNames ?? []
        }
        // Drifted: missing from the old list, so a kit could call them unnoticed.
        #expect(members("DesktopNotificationsFactory") == ["freedesktop"])
        #expect(members("ServerDataFactory").isSuperset(of: ["sqlite", "postgres", "open", "migrate"]))
        #expect(members("SecretServiceFactory").contains("keyring"))
        #expect(members("SecretServiceFactory").isDisjoint(with: ["schemaName"]), "constants are not picks")
        #expect(factories.first { $0.type == "SecretServiceFactory" }?.module == "StrataSecretService")
        // The old list's factories and members.
        #expect(members("DataLayerFactory").isSuperset(of: ["live", "readOnly", "maintenance"]))
        #expect(!members("DataLayerFactory").contains("inMemory"), "a test-support member is a double, not a live member")
        #expect(members("UsageMonitorFactory") == ["live"])
        #expect(members("DomainFactory") == ["make", "announcements", "prepare"])
        #expect(members("SyncFactory") == ["live", "offline", "remote"])
        #expect(members("ServerDomainFactory") == ["make"])
        #expect(members("ServiceNotifierFactory") == ["systemd"])
        #expect(members("SecretServiceFactory") == ["keyring"])
        // Doubles are found in test support and matched by what they return.
        let data = try #require(factories.first { $0.type == "DataLayerFactory" })
        #expect(data.member(named: "live").flatMap(data.testDouble(for:)) == "DataLayerFactory.inMemory() (StrataDataTesting)")
        let sync = try #require(factories.first { $0.type == "SyncFactory" })
        #expect(sync.member(named: "live").flatMap(sync.testDouble(for:)) == "SyncFactory.scripted(data:script:) (StrataSyncTesting)")
        #expect(!factories.contains { $0.type == "LiveFactory" && !$0.members.isEmpty })
    }

    @Test("Architecture.md's factory list (generated) names every live factory the checker finds")
    func architectureNamesEveryFactory() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        let factories = try await offThePool {
            try LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: root).liveFactories()
        }
        let text = try String(contentsOf: root.appendingPathComponent("Architecture.md"), encoding: .utf8)
        let list = try #require(GeneratedSection.factories.embedded(in: text).first, "Architecture.md has no generated factory list")
        for factory in factories where !factory.members.isEmpty {
            #expect(list.contains("`\(factory.type)."), "Architecture.md's factory list does not name \(factory.type): run scripts/update-docs")
        }
    }

    @Test("a call reads with the labels it needs, and the result type as written", arguments: [
        ("public static func live(container: ContainerDirectory, logger: Logger, verifyPages: Bool = false) async throws -> any DataLayer {}",
         "live(container:logger:)", "any DataLayer"),
        ("public static func inMemory(readOnly: Bool = false, failing: [DataOperation: any Error] = [:]) async -> any DataLayer {}",
         "inMemory()", "any DataLayer"),
        ("public static func open<T>(_ url: URL, as type: T.Type) throws(DataError) -> some Store where T: Sendable {}",
         "open(_:as:)", "some Store"),
        ("public static func backup(to target: URL, force: Bool) async throws {}", "backup(to:force:)", nil),
        ("public static var shared: (any Relay)? { nil }", "shared", "(any Relay)?"),
    ])
    func signatures(_ source: String, _ call: String, _ returns: String?) throws {
        let tokens = SwiftTokenizer.tokens(of: "public enum F {\n\(source)\n}")
        let declaration = try #require(DeclarationScanner.declarations(in: tokens).last)
        #expect(declaration.isStatic)
        let signature = LayeringChecker.signature(of: declaration, in: tokens)
        #expect(signature.call == call)
        #expect(signature.returns == returns)
    }
}
