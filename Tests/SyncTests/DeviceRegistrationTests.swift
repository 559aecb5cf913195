import Foundation
import StrataData
import StrataDataTesting
import StrataSession
import StrataSync
import StrataSyncTesting
import Testing

/// ``SyncEngine/deviceRegistrations()``: every real registration's outcome, to each subscriber.
@Suite("Sync engine: device registration outcomes")
struct DeviceRegistrationTests {
    private static func login(_ account: String, _ password: String) throws -> AuthInfo {
        AuthInfo(userID: "u-\(account)", account: account, groups: [], token: "t", validUntil: .distantFuture)
    }

    @Test("a login's device registration is published as registered, with the device id, to every subscriber")
    func registeredIsPublished() async throws {
        let data = await DataLayerFactory.inMemory()
        let sync = SyncFactory.scripted(data: data, script: SyncScript(login: Self.login))
        let first = sync.deviceRegistrations()
        let second = sync.deviceRegistrations()
        _ = try await sync.login(account: "sigrid", password: "pw")
        var firstEvents = first.makeAsyncIterator()
        var secondEvents = second.makeAsyncIterator()
        let expected = SyncDeviceRegistration.registered(deviceID: "scripted-device", userID: "u-sigrid", account: "sigrid")
        #expect(await firstEvents.next() == expected)
        #expect(await secondEvents.next() == expected)
    }

    @Test("a registration the server refuses is published as failed with the reason; the login still succeeds")
    func failedIsPublished() async throws {
        let data = await DataLayerFactory.inMemory()
        let script = SyncScript(
            login: Self.login, deviceRegistration: { _ in throw SyncError(.serverError, "the push service is down") })
        let sync = SyncFactory.scripted(data: data, script: script)
        var events = sync.deviceRegistrations().makeAsyncIterator()
        let info = try await sync.login(account: "sigrid", password: "pw")
        #expect(info.account == "sigrid")
        guard case .failed(let userID, let account, let reason) = await events.next() else {
            Issue.record("expected a failed registration")
            return
        }
        #expect(userID == "u-sigrid" && account == "sigrid")
        #expect(reason.contains("the push service is down"), "\(reason)")
    }
}
