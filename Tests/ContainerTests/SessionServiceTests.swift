import Foundation
import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Synchronization
import Testing

/// The login-state service over `SessionBackendDouble`: broadcasts, sign-out rules, and the
/// device-registration hooks.
@Suite("Session service: who is signed in, broadcasts, device-registration hooks")
struct SessionServiceTests {
    static let sigrid = SessionUser(
        userID: "u1", account: "sigrid", groups: [SessionGroup(groupID: "g1", groupName: "Ward 1", role: "lead")])

    /// Who the double says is signed in, changed by its sign-in and sign-out.
    final class Signed: Sendable {
        let user = Mutex<SessionUser?>(nil)
        var current: SessionUser? { user.withLock { $0 } }
        func set(_ value: SessionUser?) { user.withLock { $0 = value } }
    }

    /// A container on the doubles with the session service (over `backend`) registered as
    /// `session`, started through the `[AUTOSTART]` group `accounts`.
    private func booted(_ backend: SessionBackendDouble) async throws -> (ContainerDoubles, any RunningContainer) {
        let doubles = ContainerDoubles()
        var registry = doubles.registry
        registry.registerService(type: SessionServiceFactory.typeName) { _ in SessionServiceFactory.live(backend: backend) }
        let configuration = ContainerConfiguration.testing(
            services: [SessionServiceFactory.descriptor()],
            servicesMap: ServicesMap(groups: ["accounts": [SessionServiceFactory.serviceName]], autostart: ["accounts"]))
        let container = try await doubles.boot(configuration, registry: registry)
        doubles.recorder.clear()
        return (doubles, container)
    }

    private func service(_ container: any RunningContainer) async throws -> any SessionService {
        try await container.context.service(SessionServiceFactory.serviceName, as: (any SessionService).self)
    }

    /// A double whose sign-in and sign-out change ``Signed``; nothing waits to be sent.
    private func backend(_ signed: Signed) -> SessionBackendDouble {
        var backend = SessionBackendDouble()
        backend.onCurrentUser = { signed.current }
        backend.onSignIn = { account, password in
            guard password == "pw" else { throw ContainerError(.unimplemented, "wrong password") }
            signed.set(SessionUser(userID: "u1", account: account, groups: Self.sigrid.groups))
            return Self.sigrid
        }
        backend.onSignOut = { _ in signed.set(nil) }
        backend.onSyncState = { SessionSyncState(isConfigured: true, connectivity: "online", pendingChanges: 0) }
        return backend
    }

    @Test("signing in and out broadcasts signedIn and signedOut to every listener; groups and roles are the user's")
    func signInAndOutAreBroadcast() async throws {
        let signed = Signed()
        let (doubles, container) = try await booted(backend(signed))
        let session = try await service(container)
        #expect(try await session.currentUser() == nil)

        let user = try await session.signIn(account: "sigrid", password: "pw")
        #expect(user.roles == ["lead"] && user.role(inGroup: "g1") == "lead" && user.role(inGroup: "g2") == nil)
        #expect(try await session.currentUser()?.account == "sigrid")
        let outcome = try await session.signOut(mustSyncWithServer: false)
        #expect(outcome == SignOutOutcome(user: Self.sigrid, syncedWithServer: false, keptChanges: 0))
        #expect(doubles.recorder.entries(startingWith: "listener.") == ["listener.signedIn(sigrid)", "listener.signedOut(sigrid)"])
        await container.terminate(.quit)
    }

    @Test("a sign-in by another process is noticed at the next look and broadcast once")
    func changeFromElsewhereIsBroadcastOnce() async throws {
        let signed = Signed()
        let (doubles, container) = try await booted(backend(signed))
        let session = try await service(container)
        signed.set(Self.sigrid)
        #expect(try await session.currentUser() == Self.sigrid)
        #expect(try await session.currentUser() == Self.sigrid)
        signed.set(nil)
        #expect(try await session.currentUser() == nil)
        #expect(doubles.recorder.entries(startingWith: "listener.") == ["listener.signedIn(sigrid)", "listener.signedOut(sigrid)"])
        await container.terminate(.quit)
    }

    @Test("a sign-out that must sync with the server and cannot keeps the user, says how many changes wait, broadcasts nothing")
    func mustSyncSignOutRefusedKeepsTheUser() async throws {
        let signed = Signed()
        signed.set(Self.sigrid)
        var backend = backend(signed)
        backend.onSyncState = { SessionSyncState(isConfigured: true, connectivity: "offline", pendingChanges: 3) }
        backend.onSignOut = { must in
            if must { throw ContainerError(.unimplemented, "the sync server cannot be reached") }
            signed.set(nil)
        }
        let (doubles, container) = try await booted(backend)
        let session = try await service(container)

        let refused = await #expect(throws: ContainerError.self) { try await session.signOut(mustSyncWithServer: true) }
        #expect(refused?.code == .signOutRefused)
        #expect(refused?.message.contains("3 changes wait") == true, "\(String(describing: refused))")
        #expect(refused?.message.contains("cannot be reached") == true)
        #expect(try await session.currentUser() == Self.sigrid)
        #expect(doubles.recorder.entries(startingWith: "listener.").isEmpty)

        // Without server sync the device signs out anyway; the 3 changes stay for the next sign-in.
        let outcome = try await session.signOut(mustSyncWithServer: false)
        #expect(outcome.keptChanges == 3 && !outcome.syncedWithServer && outcome.user == Self.sigrid)
        #expect(doubles.recorder.entries(startingWith: "listener.") == ["listener.signedOut(sigrid)"])
        await container.terminate(.quit)
    }

    @Test("a device registration fires did-register (and its broadcast); a failed one fires did-fail only")
    func deviceRegistrationFiresTheHooks() async throws {
        let signed = Signed()
        var backend = backend(signed)
        let (registrations, feed) = AsyncStream.makeStream(of: DeviceRegistrationEvent.self)
        backend.onDeviceRegistrations = { registrations }
        let (doubles, container) = try await booted(backend)

        feed.yield(.registered(deviceToken: "device-1", account: "sigrid"))
        #expect(
            await eventually { doubles.recorder.entries.count >= 2 },
            "\(doubles.recorder.entries)")
        feed.yield(.failed(account: "sigrid", reason: "HTTP 500"))
        #expect(await eventually { doubles.recorder.entries.count >= 3 }, "\(doubles.recorder.entries)")
        #expect(
            doubles.recorder.entries == [
                "hook.didRegisterForRemoteNotifications", "listener.registeredForRemoteNotifications(8 bytes)",
                "hook.didFailToRegisterForRemoteNotifications",
            ])
        feed.finish()
        await container.terminate(.quit)
    }

    @Test("a call the double was not given fails loudly, naming it")
    func unimplementedCallsFail() async throws {
        let session = SessionServiceFactory.double()
        let error = await #expect(throws: ContainerError.self) { try await session.syncNow() }
        #expect(error?.code == .unimplemented && error?.message.contains("syncNow()") == true)
    }
}
