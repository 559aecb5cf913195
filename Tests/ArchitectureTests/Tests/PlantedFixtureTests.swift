@testable import StrataLayering
import Testing

/// Each fixture plants violations of one rule (and allowed look-alikes next to them); each
/// test proves the checker reports exactly the planted ones, at the right file and line.
@Suite("Planted fixtures: every rule catches its kind at the right file and line")
struct PlantedFixtureTests {
    @Test("an import pointing up a layer is a layer-rank violation, inside #if and from a benchmark too")
    func upwardImportIsALayerRankViolation() throws {
        let violations = try Fixture.violations("layer-rank")
        #expect(violations.map(\.location) == [
            "layer-rank Benchmarks/StoreInsert/main.swift:3",
            "layer-rank Modules/CrossCutting/Clock.swift:5",
            "layer-rank Modules/Data/Store.swift:3",
        ])
        let store = try #require(violations.last)
        #expect(store.description.hasPrefix(
            "Modules/Data/Store.swift:3: [layer-rank] "
                + "StrataData (data, rank 1) imports StrataDomain (domain, rank 2).\n  Why: "
        ))
        #expect(store.fix.contains("declare a protocol for it in StrataData"))
        #expect(violations[1].message.contains("inside an #if branch"))
        #expect(violations[0].message.contains("benchmarks may import only cross-cutting, data"))
        #expect(violations[0].message.contains("StrataReportsApp (micro-apps, rank 3, group reports)"))
    }

    @Test("importing a module that is only reachable, not declared, is a direct-dependency violation")
    func reachableIsNotPermission() throws {
        let violations = try Fixture.violations("direct-dependency")
        #expect(violations.map(\.location) == [
            "direct-dependency Hosts/strata-host/main.swift:2",
            "direct-dependency Hosts/strata-host/main.swift:7",
            "direct-dependency Modules/Kits/HostKit/HostCommand.swift:1",
            "direct-dependency Tests/HostKitTests/HostCommandTests.swift:3",
        ])
        let logging = try #require(violations.first)
        #expect(logging.message.contains("only reachable (strata-host → StrataHostKit → Logging)"))
        #expect(logging.fix.contains(#".product(name: "Logging", package: "swift-log")"#))
        #expect(violations[1].message.contains("inside an #if branch"))
        #expect(violations[2].message.contains("no target of the package provides it"))
    }

    @Test("a host importing another host's kit is a sibling-hosts violation, declared or not")
    func hostsNeverImportEachOther() throws {
        let violations = try Fixture.violations("sibling-hosts")
        let manifestLine = try Fixture.manifestLine(ofTarget: "strata-host", in: "sibling-hosts")
        #expect(violations.map(\.location) == [
            "sibling-hosts Hosts/strata-host/main.swift:2",
            "sibling-hosts Modules/Kits/StatusKit/StatusFormatter.swift:4",
            "sibling-hosts package.json:\(manifestLine)",
        ])
        #expect(violations[0].message
            == "strata-host (presentation, rank 4, group host) imports "
            + "StrataStatusKit (presentation, rank 4, group status): siblings on one level never import each other.")
        #expect(violations[2].fix.contains("Then remove \"StrataStatusKit\" from its dependencies."))
    }

    @Test("a target the policy does not place is an unassigned-target violation on its manifest line")
    func everyTargetNeedsALayer() throws {
        let violations = try Fixture.violations("unassigned-target")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataReports", in: "unassigned-target")
        #expect(violations.map(\.location) == ["unassigned-target package.json:\(manifestLine)"])
        #expect(violations.first?.fix.contains("\"modules\" of one layer in layers.json") == true)
    }

    @Test("test doubles and test frameworks in production code are test-support-in-production violations")
    func testSupportStaysInTests() throws {
        let violations = try Fixture.violations("test-support-in-production")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataDomain", in: "test-support-in-production")
        #expect(violations.map(\.location) == [
            "test-support-in-production Modules/Domain/ReportService.swift:2",
            "test-support-in-production Modules/Kits/StatusKit/StatusPreview.swift:2",
            "test-support-in-production Modules/Kits/StatusKit/StatusPreview.swift:5",
            "test-support-in-production package.json:\(manifestLine)",
        ])
        #expect(violations[0].fix.contains("DataLayerFactory.inMemory()"))
    }

    @Test("importing CSQLite outside the data layer is a layer-private violation; the benchmark may")
    func layerPrivateModulesStayInside() throws {
        let violations = try Fixture.violations("layer-private")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataDomain", in: "layer-private")
        #expect(violations.map(\.location) == [
            "layer-private Modules/Domain/FastCount.swift:4",
            "layer-private package.json:\(manifestLine)",
        ])
        #expect(violations.first?.fix.contains("DataLayerFactory") == true)
    }

    @Test("public classes and actors in Data and Domain are public-surface violations; comments and strings are not")
    func onlyAbstractionsArePublished() throws {
        let violations = try Fixture.violations("public-surface").filter {
            $0.path.hasSuffix("Store/Store.swift") || $0.path.hasSuffix("UseCase.swift")
        }
        #expect(violations.map(\.location) == [
            "public-surface Modules/Data/Store/Store.swift:13",
            "public-surface Modules/Data/Store/Store.swift:14",
            "public-surface Modules/Data/Store/Store.swift:15",
            "public-surface Modules/Data/Store/Store.swift:28",
            "public-surface Modules/Domain/UseCase.swift:5",
        ])
        #expect(violations[0].message.contains("`public class SQLiteStore`"))
        #expect(violations[3].message.contains("public extension"))
        #expect(violations[4].fix.contains("DomainFactory"))
    }

    @Test("a public struct or enum implementing a service protocol, in its declaration or an extension, is public-surface")
    func publicImplementationsOfServiceProtocols() throws {
        let violations = try Fixture.violations("public-surface").filter {
            $0.path.hasSuffix("Implementations.swift") || $0.path.hasSuffix("Services.swift")
        }
        #expect(violations.map(\.location) == [
            "public-surface Modules/Data/Store/Implementations.swift:2",
            "public-surface Modules/Data/Store/Implementations.swift:3",
            "public-surface Modules/Data/Store/Implementations.swift:4",
            "public-surface Modules/Data/Store/Implementations.swift:6",
            "public-surface Modules/Data/Store/Implementations.swift:7",
            "public-surface Modules/Data/Store/Implementations.swift:9",
            "public-surface Modules/Domain/Services.swift:4",
            "public-surface Modules/Domain/Services.swift:5",
        ])
        let fileStore = try #require(violations.first)
        #expect(fileStore.description.hasPrefix(
            "Modules/Data/Store/Implementations.swift:2: [public-surface] StrataData (data, rank 1) publishes "
                + "`public struct FileStore`: it conforms to the service protocol `Store`, so it is an "
                + "implementation made public"
        ))
        #expect(fileStore.fix.contains("Keep FileStore internal (drop `public`) and return it from DataLayerFactory as `any Store`"))
        #expect(violations[2].message.contains("`@_spi` does not make it an abstraction"))
        #expect(violations[3].message.contains("a conformance of the public type Snapshot to the service protocol `Store`"))
        #expect(violations[4].message.contains("public type Array"))
        #expect(violations[5].message.contains("`public struct Outer.Cursor`"))
        #expect(violations[6].fix.contains("return it from DomainFactory as `any CaseReportService`"))
        #expect(violations[7].message.contains("`public struct LoggingStore`: it conforms to the service protocol `Store`"))
    }

    @Test("public free functions and globals in Data and Domain are public-surface violations; members are not")
    func noModuleLevelAPI() throws {
        let violations = try Fixture.violations("public-surface").filter { $0.path.hasSuffix("Globals.swift") }
        #expect(violations.map(\.location) == [
            "public-surface Modules/Data/Store/Globals.swift:2",
            "public-surface Modules/Data/Store/Globals.swift:3",
            "public-surface Modules/Data/Store/Globals.swift:4",
            "public-surface Modules/Data/Store/Globals.swift:5",
            "public-surface Modules/Data/Store/Globals.swift:7",
        ])
        #expect(violations[0].message.contains("the free function `public func makeStore`"))
        #expect(violations[1].message.contains("the global `public let defaultPageSize`"))
        #expect(violations[3].message.contains("`@_spi` does not make it an abstraction"))
        #expect(violations[3].fix.contains("`@_spi(Testing) public static` member of DataLayerFactory"))
    }

    @Test("the public-surface fixture has no violations beyond the planted ones: the look-alikes pass")
    func publicSurfaceLookAlikesPass() throws {
        let violations = try Fixture.violations("public-surface")
        #expect(violations.count == 18, "\(violations.map(\.location).joined(separator: "\n"))")
        #expect(violations.allSatisfy { $0.rule == .publicSurface && !$0.path.contains("CrossCutting") })
    }

    @Test("a Swift target without the three upcoming features or in Swift 5 mode is a strict-settings violation")
    func strictSettingsEverywhere() throws {
        let violations = try Fixture.violations("strict-settings")
        let lines = try ["StrataCrossCutting", "StrataData", "StrataDomain"].map {
            try Fixture.manifestLine(ofTarget: $0, in: "strict-settings")
        }
        #expect(violations.map(\.location) == lines.map { "strict-settings package.json:\($0)" })
        #expect(violations[0].message.contains("does not enable MemberImportVisibility, InternalImportsByDefault"))
        #expect(violations[1].message.contains("sets Swift language mode 5"))
        #expect(violations[2].message.contains("does not enable InternalImportsByDefault"))
    }

    @Test("a server module importing a client module, or the reverse, is an isolated-sides violation at any rank")
    func clientAndServerNeverImportEachOther() throws {
        let violations = try Fixture.violations("isolated-sides")
        let serverData = try Fixture.manifestLine(ofTarget: "StrataServerData", in: "isolated-sides")
        let serverKit = try Fixture.manifestLine(ofTarget: "StrataServerKit", in: "isolated-sides")
        #expect(violations.map(\.location) == [
            "isolated-sides Modules/Kits/HostKit/SyncCommand.swift:5",
            "isolated-sides Modules/Server/Data/ServerStore.swift:2",
            "isolated-sides Modules/Server/Kit/Routes.swift:4",
            "isolated-sides package.json:\(serverData)",
            "isolated-sides package.json:\(serverKit)",
        ])
        let store = try #require(violations.dropFirst().first)
        #expect(store.description.hasPrefix(
            "Modules/Server/Data/ServerStore.swift:2: [isolated-sides] StrataServerData (data, rank 1, group server) "
                + "imports StrataData (data, rank 1): StrataServerData is server code and StrataData is client code, "
                + "and the two sides never import each other, at any rank.\n  Why: "
        ))
        #expect(store.fix.contains("StrataWire"))
        #expect(violations[0].message.contains("StrataHostKit (presentation, rank 4, group host) imports StrataServerKit"))
        #expect(violations[2].message.contains("inside an #if branch"))
        #expect(violations[4].fix.contains("Then remove \"StrataDomain\" from its dependencies."))
    }

    @Test("a kit or lower module calling a live factory is a composition-root violation; roots, tests and the factory may")
    func onlyCompositionRootsCallLiveFactories() throws {
        let violations = try Fixture.violations("composition-root")
        #expect(violations.map(\.location) == [
            "composition-root Modules/Domain/DomainFactory.swift:12",
            "composition-root Modules/Kits/HostKit/ReportsCommand.swift:10",
            "composition-root Modules/Kits/HostKit/ReportsCommand.swift:11",
            "composition-root Modules/Kits/HostKit/ReportsCommand.swift:12",
            "composition-root Modules/Kits/HostKit/ReportsCommand.swift:13",
            "composition-root Modules/Server/Kit/ServeCommand.swift:6",
        ])
        let live = try #require(violations.dropFirst().first)
        #expect(live.description.hasPrefix(
            "Modules/Kits/HostKit/ReportsCommand.swift:10: [composition-root] StrataHostKit (presentation, rank 4, "
                + "group host) calls DataLayerFactory.live, a live factory: only a composition root (an "
                + "executable or a test) picks implementations.\n  Why: "
        ))
        #expect(live.fix.contains("Take `any DataLayer` as a parameter"))
        #expect(live.fix.contains("DataLayerFactory.inMemory() (StrataDataTesting)"))
        #expect(violations[2].message.contains("calls DomainFactory.make"))
        #expect(violations[3].message.contains("calls DataLayerFactory.readOnly"))
        #expect(violations[4].message.contains("calls SyncFactory.offline"))
        #expect(violations[4].fix.contains("Take `any SyncEngine` as a parameter"))
        #expect(violations[5].fix.contains("Hosts/strata-server/CompositionRoot.swift call ServerDataFactory.sqlite"))
    }

    @Test("a package that follows every rule has no violations, tricky comments and strings included")
    func cleanPackagePasses() throws {
        let violations = try Fixture.violations("clean")
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test("together the fixtures prove every rule")
    func everyRuleHasAFixture() throws {
        let proved = try Set(Fixture.cases.flatMap { try Fixture.violations($0).map(\.rule) })
        #expect(proved == Set(Rule.allCases))
    }
}
