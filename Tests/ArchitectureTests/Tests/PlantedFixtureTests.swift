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
    }

    @Test("importing a module that is only reachable, not declared, is a direct-dependency violation")
    func reachableIsNotPermission() throws {
        let violations = try Fixture.violations("direct-dependency")
        #expect(violations.map(\.location) == [
            "direct-dependency Hosts/strata-host/main.swift:2",
            "direct-dependency Hosts/strata-host/main.swift:7",
            "direct-dependency Modules/Apps/HostKit/HostCommand.swift:1",
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
            "sibling-hosts Modules/Apps/StatusKit/StatusFormatter.swift:4",
            "sibling-hosts package.json:\(manifestLine)",
        ])
        #expect(violations[0].message
            == "strata-host (presentation, rank 3, group host) imports "
            + "StrataStatusKit (presentation, rank 3, group status): siblings on one level never import each other.")
        #expect(violations[2].fix.contains("Then remove \"StrataStatusKit\" from its dependencies."))
    }

    @Test("a target the policy does not place is an unassigned-target violation on its manifest line")
    func everyTargetNeedsALayer() throws {
        let violations = try Fixture.violations("unassigned-target")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataReports", in: "unassigned-target")
        #expect(violations.map(\.location) == ["unassigned-target package.json:\(manifestLine)"])
        #expect(violations.first?.fix.contains("LayerPolicy.strata") == true)
    }

    @Test("test doubles and test frameworks in production code are test-support-in-production violations")
    func testSupportStaysInTests() throws {
        let violations = try Fixture.violations("test-support-in-production")
        let manifestLine = try Fixture.manifestLine(ofTarget: "StrataDomain", in: "test-support-in-production")
        #expect(violations.map(\.location) == [
            "test-support-in-production Modules/Apps/StatusKit/StatusPreview.swift:2",
            "test-support-in-production Modules/Apps/StatusKit/StatusPreview.swift:5",
            "test-support-in-production Modules/Domain/ReportService.swift:2",
            "test-support-in-production package.json:\(manifestLine)",
        ])
        #expect(violations[2].fix.contains("DataLayerFactory.inMemory()"))
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
        let violations = try Fixture.violations("public-surface")
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
