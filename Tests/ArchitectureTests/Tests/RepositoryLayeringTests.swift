import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The layering rule, checked on the real repository: the package SwiftPM really sees (from
/// `swift package dump-package`, run as a child process) and every Swift file of every target.
///
/// Run it alone with `swift test --filter StrataArchitectureTests`. On failure every
/// violation is recorded in full (file, line, rule, why, fix), so the test log teaches.
@Suite("The repository follows the layering rule")
struct RepositoryLayeringTests {
    @Test("the real package has no layering violations")
    func realRepositoryHasNoViolations() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        // The whole repository is scanned: off the cooperative pool, which the other suites share.
        ViolationReport.record(
            try await offThePool { try LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: root).check() })
    }

    @Test("swift package dump-package runs while swift test holds the package lock, and sees every layer")
    func dumpPackageSeesTheRealPackage() async throws {
        // Deliberately not cached: this test proves the child process itself works under `swift test`.
        let package = try await PackageDumper.dump(packageAt: try PackageDumper.packageRoot())
        #expect(package.name == "Strata")
        // A placement made ready for a target another branch adds (`mayBeAbsent`) may wait for it.
        for placement in try LayerPolicy.strata().placements where !placement.mayBeAbsent {
            #expect(
                package.target(named: placement.target) != nil,
                "layers.json places \(placement.target), which Package.swift lacks"
            )
        }
        let data = try #require(package.target(named: "StrataData"))
        #expect(package.declaredModules(of: data).isSuperset(of: ["StrataCrossCutting", "CSQLite", "Logging"]))
        #expect(package.target(named: "CSQLite")?.kind == .system)
        #expect(package.target(named: "StrataArchitectureTests")?.exclude == ["Fixtures"])
    }

    @Test("no micro-app declares the data layer's engine, its test support, maintenance or the Secret Service; Presentation declares no sync engine")
    func microAppsAndPresentationStayOffTheEngines() async throws {
        let (_, package) = try await RealRepository.shared.value.get()
        let microApps = package.targets.filter { $0.path.hasPrefix("Modules/MicroApps/") }
        #expect(microApps.count >= 7, "\(microApps.map(\.name))")
        let forbidden: Set<String> = ["StrataData", "StrataDataTesting", "StrataMaintenance", "StrataSecretService"]
        for app in microApps {
            let declared = package.declaredModules(of: app)
            #expect(declared.isDisjoint(with: forbidden), "\(app.name) declares \(declared.intersection(forbidden).sorted())")
        }
        // The Account micro-app reads the session through StrataSync's protocol, the proof this is not vacuous.
        #expect(package.target(named: "StrataAccountApp").map(package.declaredModules(of:))?.contains("StrataSync") == true)
        let presentation = try #require(package.target(named: "StrataPresentation"))
        #expect(!package.declaredModules(of: presentation).contains("StrataSync"), "strata-status must never link the sync engine")
    }

    @Test("the checker reads every target's sources, so a clean result means something")
    func checkerReadsEverySourceFile() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        let data = try #require(package.target(named: "StrataData"))
        let files = SourceFiles.swiftFiles(of: data, root: root)
        #expect(files.contains("Modules/Data/Public/DataLayerFactory.swift"))
        let own = try #require(package.target(named: "StrataArchitectureTests"))
        let ownFiles = SourceFiles.swiftFiles(of: own, root: root)
        #expect(ownFiles.contains("Tests/ArchitectureTests/Tests/PlantedFixtureTests.swift"))
        let library = try #require(package.target(named: "StrataLayering"))
        #expect(SourceFiles.swiftFiles(of: library, root: root).contains("Tools/Layering/StrataLayering/Policy/LayerPolicy.swift"))
        #expect(!ownFiles.contains { $0.contains("/Fixtures/") }, "planted fixtures must never count as real sources")
        let imports = try ownFiles.flatMap { path in
            ImportScanner.imports(in: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
        // Its tests hold many `import X` lines inside string literals: none may count.
        #expect(Set(imports.map(\.module)) == ["Foundation", "StrataLayering", "StrataTestSupport", "Synchronization", "Testing"])
    }
}

/// The public-surface rule on the real repository: it must know the real service protocols,
/// or a clean result would mean nothing.
@Suite("The public-surface rule sees the real service protocols")
struct RepositoryPublicSurfaceTests {
    @Test("Data's and Domain's service protocols are found, and value-object protocols are not among them")
    func realServiceProtocols() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        let checker = LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: root)
        let surfaces = try await offThePool { checker.moduleSurfaces(of: try checker.scannedSources()) }
        let data = try #require(package.target(named: "StrataData"))
        let domain = try #require(package.target(named: "StrataDomain"))
        let dataServices = checker.serviceProtocols(visibleTo: data, in: surfaces)
        let domainServices = checker.serviceProtocols(visibleTo: domain, in: surfaces)
        #expect(dataServices.isSuperset(of: ["ValueObjectStore", "DataLayer"]))
        #expect(domainServices.isSuperset(of: [
            "CaseReportService", "FollowUpService", "StatusService", "NotificationService", "DomainServices",
            "ValueObjectStore", "DataLayer",
        ]))
        #expect(dataServices.union(domainServices).isDisjoint(with: try LayerPolicy.strata().valueProtocols))
        #expect(surfaces["StrataStore"]?.publicProtocols.keys.contains("ValueObject") == true)
    }
}

/// The real repository, read once per test run: `dump-package` costs a child process. The
/// tests await one task for it, so none blocks a thread of the cooperative pool meanwhile.
enum RealRepository {
    /// The package root and its description, or why they could not be read.
    static let shared = Task<Result<(URL, PackageModel), LayeringError>, Never> {
        do {
            let root = try PackageDumper.packageRoot()
            return .success((root, try await PackageDumper.dump(packageAt: root)))
        } catch {
            return .failure(error as? LayeringError ?? LayeringError("\(error)"))
        }
    }
}
