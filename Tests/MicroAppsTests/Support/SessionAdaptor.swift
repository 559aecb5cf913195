import Foundation
import StrataAccountApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting

/// The login-state service as a container service: a test's `SyncFactory.session(double:)`
/// behind the container's `StrataService`, as a host registers its own.
struct SessionAdaptor: StrataService, SessionService {
    let base: any SessionService

    var isConfigured: Bool { base.isConfigured }
    func start(context: any ContainerContext) async throws {}
    func currentUser() async throws -> SessionUser? { try await base.currentUser() }
    func signIn(account: String, password: String) async throws -> SessionUser {
        try await base.signIn(account: account, password: password)
    }
    func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome {
        try await base.signOut(mustSyncWithServer: mustSyncWithServer)
    }
    func status() async throws -> SyncStatus { try await base.status() }
    func syncNow() async throws -> SyncReport { try await base.syncNow() }
    func rejectedChanges() async throws -> [Change] { try await base.rejectedChanges() }
    func retryRejected(_ id: String) async throws -> Change { try await base.retryRejected(id) }
    func discardRejected(_ id: String) async throws -> Change { try await base.discardRejected(id) }
    func conflicts() async throws -> [SyncConflict] { try await base.conflicts() }
    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SyncConflict {
        try await base.resolveConflict(id, keepMine: keepMine)
    }
}

/// The sync facts the Account tests' doubles answer with.
enum SessionFixtures {
    /// The service's name and the type the tests register it as.
    static let descriptor = ServiceDescriptor(name: ServiceKey.session.name, type: "Session", lazy: true)

    /// A status of a reachable server at `http://127.0.0.1:9`.
    static func status(pending: Int = 0, rejected: Int = 0) -> SyncStatus {
        SyncStatus(
            connectivity: .online, server: "http://127.0.0.1:9", pendingCount: pending, rejectedCount: rejected,
            lastSyncAt: nil, lastError: nil, lastErrorAt: nil)
    }

    /// A change the server refused.
    static func rejected(
        _ id: String, object: String, _ operation: ChangeOperation, at seconds: TimeInterval, reason: String
    ) -> Change {
        Change(
            operationID: id, typeName: "CaseReport", objectID: object, operation: operation, values: [:], scope: .group,
            ownerUser: "u1", ownerGroup: "g1", sequence: 1, state: .rejected, reason: reason,
            createdAt: Date(timeIntervalSince1970: seconds))
    }

    /// What one sync did (`conflicts` of them found, each a placeholder).
    static func report(pushed: Int, pulled: Int, conflicts: Int = 0, resolved: Int = 0) -> SyncReport {
        var report = SyncReport(
            pushed: pushed, rejected: 0, pulled: pulled > 0 ? ["CaseReport": pulled] : [:], keptLocal: 0,
            startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 0))
        report.conflicts = (0..<conflicts).map { index in
            SyncConflict(
                id: "c\(index)", kind: .overwritten, typeName: "CaseReport", objectID: "r\(index)", fields: ["age"],
                mine: [:], theirs: [:], byAccount: nil, serverVersion: 1, detectedAt: Date(timeIntervalSince1970: 0))
        }
        report.resolved = resolved
        return report
    }

    /// The registry and configuration of `harness` with the Account micro-app and `double` as
    /// the `session` service, booted (with `routes`, `strata://account` opens the Account).
    static func boot(
        _ double: SessionServiceDouble, harness: MicroAppHarness, routes: Bool = false
    ) async throws -> any RunningContainer {
        var registry = harness.registry
        AccountApp.register(into: &registry)
        registry.registerService(type: descriptor.type) { _ in SessionAdaptor(base: SyncFactory.session(double: double)) }
        if routes {
            registry.registerSchemeHandler(ApplicationSchemeHandler(routes: [AccountApp.route: AccountApp.name]), scheme: "strata")
        }
        var configuration = MicroAppHarness.configuration
        configuration.applications.append(AccountApp.descriptor())
        configuration.services.append(descriptor)
        return try await harness.doubles.boot(configuration, registry: registry)
    }
}
