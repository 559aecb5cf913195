import Foundation
import Logging
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataHostKit
import StrataSession
import StrataSync
import StrataSyncTesting
import StrataTestSupport
import Testing

/// `strata-host`'s configuration and registry with the sync engine's real session (a
/// scripted server): the `session` service signs in through the engine, and the engine's
/// device registration fires the container's hooks.
@Suite("strata-host's session service on the sync engine")
struct SessionHookTests {
    /// `strata-host`'s built-in configuration booted on the container's doubles, over a
    /// scripted engine on an in-memory data layer.
    private func booted(_ script: SyncScript) async throws -> (ContainerDoubles, any RunningContainer, any DataLayer) {
        let data = await DataLayerFactory.inMemory()
        let clock = FixedClock(Date(timeIntervalSince1970: 1_795_339_800))
        let sync = SyncFactory.scripted(data: data, script: script)
        let runtime = HostRuntime(
            domain: try await DomainFactory.make(data: data, clock: clock), clock: clock, notices: data.notices,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, location: data.location, sync: sync,
            session: data.session)
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(try HostConfiguration.load(path: nil), registry: HostRegistry.make(runtime))
        doubles.recorder.clear()
        return (doubles, container, data)
    }

    private static func login(_ account: String, _ password: String) throws -> AuthInfo {
        AuthInfo(
            userID: "u-\(account)", account: account, groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "lead")],
            token: "t", validUntil: Date(timeIntervalSince1970: 1_900_000_000))
    }

    @Test("the built-in configuration starts the session service at boot through the [AUTOSTART] group accounts")
    func sessionStartsAtBoot() async throws {
        let (_, container, _) = try await booted(SyncScript())
        let report = await container.bootReport
        #expect(report.services.first { $0.name == "session" }?.state == .started, "\(report.services)")
        await container.terminate(.quit)
    }

    @Test("signing in through the session service logs in with the engine; its device registration fires did-register")
    func signInRegistersTheDevice() async throws {
        let (doubles, container, data) = try await booted(SyncScript(login: Self.login))
        let session = try await container.context.service("session", as: (any SessionService).self)
        let user = try await session.signIn(account: "sigrid", password: "pw")
        #expect(
            user == SessionUser(userID: "u-sigrid", account: "sigrid", groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "lead")]))
        #expect(try await data.session.current()?.account == "sigrid")
        #expect(
            await eventually { doubles.recorder.entries.contains("hook.didRegisterForRemoteNotifications") },
            "\(doubles.recorder.entries)")
        // The token is the device id the engine registered ("scripted-device", 15 bytes).
        #expect(await eventually { doubles.recorder.entries.contains("listener.registeredForRemoteNotifications(15 bytes)") })
        #expect(doubles.recorder.entries.contains("listener.signedIn(sigrid)"))
        #expect(!doubles.recorder.entries.contains("hook.didFailToRegisterForRemoteNotifications"))
        await container.terminate(.quit)
    }

    @Test("a device registration the server refuses fires did-fail; the sign-in itself succeeds")
    func refusedRegistrationFiresDidFail() async throws {
        let script = SyncScript(
            login: Self.login,
            deviceRegistration: { _ in throw SyncError(.serverError, "the push service is down") })
        let (doubles, container, _) = try await booted(script)
        let session = try await container.context.service("session", as: (any SessionService).self)
        _ = try await session.signIn(account: "sigrid", password: "pw")
        #expect(
            await eventually { doubles.recorder.entries.contains("hook.didFailToRegisterForRemoteNotifications") },
            "\(doubles.recorder.entries)")
        #expect(!doubles.recorder.entries.contains("hook.didRegisterForRemoteNotifications"))
        #expect(try await session.currentUser()?.account == "sigrid")
        await container.terminate(.quit)
    }

    @Test("strata-host open strata://account prints who is signed in and the sync status; an unknown key is refused")
    func scriptedAccountRoute() async throws {
        let harness = try await HostHarness()
        let nobody = await harness.run("open", "strata://account")
        #expect(nobody.status == 0, "\(nobody)")
        #expect(nobody.stdout.contains("signed in as      nobody") && nobody.stdout.contains("connectivity      not configured"), "\(nobody)")
        try await harness.data.session.save(try Self.login("sigrid", "pw"))
        let sigrid = await harness.run("open", "strata://account")
        #expect(sigrid.stdout.contains("signed in as      sigrid (user u-sigrid)"), "\(sigrid)")
        #expect(sigrid.stdout.contains("roles             lead"), "\(sigrid)")
        let bad = await harness.run("open", "strata://account?user=sigrid")
        #expect(bad.status == 1 && bad.stderr.contains("unknown parameter 'user'; accepted: none"), "\(bad)")
    }

    @Test("signing out with server sync sends the pending changes first; without a server it is refused and the user stays")
    func signOutWithServerSync() async throws {
        let (_, container, data) = try await booted(SyncScript(login: Self.login))
        let session = try await container.context.service("session", as: (any SessionService).self)
        _ = try await session.signIn(account: "sigrid", password: "pw")
        let outcome = try await session.signOut(mustSyncWithServer: true)
        #expect(outcome.syncedWithServer && outcome.keptChanges == 0 && outcome.user?.account == "sigrid")
        #expect(try await data.session.current() == nil)
        await container.terminate(.quit)

        let (_, offline, offlineData) = try await booted(SyncScript(reachable: false, login: Self.login))
        try await offlineData.session.save(try Self.login("sigrid", "pw"))
        let offlineSession = try await offline.context.service("session", as: (any SessionService).self)
        let refused = await #expect(throws: SyncError.self) { try await offlineSession.signOut(mustSyncWithServer: true) }
        #expect(refused?.code == .signOutRefused, "\(String(describing: refused))")
        #expect(try await offlineData.session.current()?.account == "sigrid")
        let local = try await offlineSession.signOut(mustSyncWithServer: false)
        #expect(!local.syncedWithServer && local.user?.account == "sigrid")
        #expect(try await offlineData.session.current() == nil)
        await offline.terminate(.quit)
    }
}
