import Foundation
import Logging
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataHostKit
import StrataJournal
import StrataSession
import StrataSync
import StrataSyncTesting
import StrataTestSupport
import Testing

/// `strata-host`'s login-state service (`session`) over a scripted engine on an in-memory data
/// layer: broadcasts, the sign-out rules and their wording, the device-registration hooks.
@Suite("Session service: who is signed in, broadcasts, device-registration hooks")
struct SessionServiceTests {
    static let sigrid = SessionUser(
        userID: "u-sigrid", account: "sigrid", groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "lead")])

    private static func login(_ account: String, _ password: String) throws -> AuthInfo {
        guard password == "pw" else { throw SyncError(.loginRefused, "wrong password") }
        return AuthInfo(
            userID: "u-\(account)", account: account, groups: sigrid.groups, token: "t",
            validUntil: Date(timeIntervalSince1970: 1_900_000_000))
    }

    /// What a booted host gives a test: the container's doubles, the container, the data layer
    /// and the domain over it.
    private struct Booted {
        let doubles: ContainerDoubles
        let container: any RunningContainer
        let data: any DataLayer
        let domain: any DomainServices

        var session: any SessionService {
            get async throws { try await container.context.service(.session) }
        }

        /// The sign-in and sign-out broadcasts the listeners received, in order.
        var signings: [String] { doubles.recorder.entries(startingWith: "listener.signed") }
    }

    /// `strata-host`'s built-in configuration and registry on the container's doubles, over
    /// `script` (no engine at all with `engine: false`).
    private func booted(_ script: SyncScript = SyncScript(login: login), engine: Bool = true) async throws -> Booted {
        let data = await DataLayerFactory.inMemory()
        let clock = FixedClock(Date(timeIntervalSince1970: 1_795_339_800))
        let domain = try await DomainFactory.make(data: data, clock: clock)
        let runtime = HostRuntime(
            domain: domain, clock: clock, notices: data.notices,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, location: data.location,
            sync: engine ? SyncFactory.scripted(data: data, script: script) : nil, session: data.session,
            conflicts: data.conflicts)
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(try HostConfiguration.load(path: nil), registry: HostRegistry.make(runtime))
        doubles.recorder.clear()
        return Booted(doubles: doubles, container: container, data: data, domain: domain)
    }

    @Test("signing in and out broadcasts signedIn and signedOut to every listener; groups and roles are the user's")
    func signInAndOutAreBroadcast() async throws {
        let host = try await booted()
        let session = try await host.session
        #expect(try await session.currentUser() == nil)

        let user = try await session.signIn(account: "sigrid", password: "pw")
        #expect(user == Self.sigrid)
        #expect(user.roles == ["lead"] && user.role(inGroup: "g1") == "lead" && user.role(inGroup: "g2") == nil)
        #expect(try await session.currentUser()?.account == "sigrid")
        let outcome = try await session.signOut(mustSyncWithServer: false)
        #expect(outcome == SignOutOutcome(user: Self.sigrid, syncedWithServer: false, keptChanges: 0))
        #expect(host.signings == ["listener.signedIn(sigrid)", "listener.signedOut(sigrid)"], "\(host.doubles.recorder.entries)")
        await host.container.terminate(.quit)
    }

    @Test("a sign-in by another process is noticed at the next look and broadcast once")
    func changeFromElsewhereIsBroadcastOnce() async throws {
        let host = try await booted()
        let session = try await host.session
        try await host.data.session.save(try Self.login("sigrid", "pw"))
        #expect(try await session.currentUser() == Self.sigrid)
        #expect(try await session.currentUser() == Self.sigrid)
        try await host.data.session.clear()
        #expect(try await session.currentUser() == nil)
        #expect(host.signings == ["listener.signedIn(sigrid)", "listener.signedOut(sigrid)"], "\(host.doubles.recorder.entries)")
        await host.container.terminate(.quit)
    }

    @Test("a sign-out that must sync with the server and cannot keeps the user, says how many changes wait, broadcasts nothing")
    func mustSyncSignOutRefusedKeepsTheUser() async throws {
        let host = try await booted(SyncScript(reachable: false, login: Self.login))
        try await host.data.session.save(try Self.login("sigrid", "pw"))
        let session = try await host.session
        #expect(try await session.currentUser() == Self.sigrid)
        for name in ["Hanako Sato", "Taro Yamada", "Jiro Suzuki"] {
            _ = try await host.domain.reports.add(CaseReportDraft(patientName: name, age: 42))
        }
        #expect(try await session.status().pendingCount == 3)
        host.doubles.recorder.clear()

        let refused = await #expect(throws: SyncError.self) { try await session.signOut(mustSyncWithServer: true) }
        #expect(refused?.code == .signOutRefused)
        #expect(refused?.message.hasPrefix("not signed out: 3 changes wait to be sent") == true, "\(String(describing: refused))")
        #expect(
            refused?.message.contains("without server sync to keep them on this device") == true,
            "\(String(describing: refused))")
        #expect(try await session.currentUser() == Self.sigrid)
        #expect(host.signings.isEmpty)

        // Without server sync the device signs out anyway; the 3 changes stay for the next sign-in.
        let outcome = try await session.signOut(mustSyncWithServer: false)
        #expect(outcome.keptChanges == 3 && !outcome.syncedWithServer && outcome.user == Self.sigrid)
        #expect(host.signings == ["listener.signedOut(sigrid)"])
        await host.container.terminate(.quit)
    }

    @Test("without an engine nobody can sign in or sync, the status is not configured, and a local sign-out still works")
    func withoutAnEngine() async throws {
        let host = try await booted(engine: false)
        let session = try await host.session
        #expect(!session.isConfigured)
        let signIn = await #expect(throws: SyncError.self) { try await session.signIn(account: "sigrid", password: "pw") }
        #expect(signIn?.code == .offline && signIn?.message.contains("STRATA_SERVER_URL") == true)
        let status = try await session.status()
        #expect(status.connectivity == .notConfigured && status.server == nil && status.pendingCount == 0)
        #expect(try await session.rejectedChanges().isEmpty)
        await #expect(throws: SyncError.self) { try await session.syncNow() }
        try await host.data.session.save(try Self.login("sigrid", "pw"))
        let refused = await #expect(throws: SyncError.self) { try await session.signOut(mustSyncWithServer: true) }
        #expect(refused?.code == .signOutRefused, "\(String(describing: refused))")
        let outcome = try await session.signOut(mustSyncWithServer: false)
        #expect(outcome.user == Self.sigrid && !outcome.syncedWithServer)
        #expect(try await host.data.session.current() == nil)
        await host.container.terminate(.quit)
    }

    @Test("the key is session and the built-in configuration declares it as the type SessionService, as configurations always have")
    func keyAndTypeName() throws {
        #expect(ServiceKey<any SessionService>.session.name == "session")
        let declared = try HostConfiguration.load(path: nil).services.first { $0.name == ServiceKey.session.name }
        #expect(declared?.type == "SessionService", "\(String(describing: declared))")
    }

    @Test("a call the double was not given fails loudly, naming it; its conflicts default to none")
    func unexpectedCallsFail() async throws {
        let session = SyncFactory.session(double: SessionServiceDouble())
        let error = await #expect(throws: SyncError.self) { try await session.syncNow() }
        #expect(error?.code == .unexpectedCall && error?.message.contains("syncNow()") == true, "\(String(describing: error))")
        #expect(try await session.conflicts().isEmpty)
        #expect(session.isConfigured)
    }
}
