import StrataSession

/// The outcomes of this engine's device registrations (see ``SyncEngine/deviceRegistrations()``).
extension LiveSyncEngine {
    func deviceRegistrations() -> AsyncStream<SyncDeviceRegistration> {
        registrations.subscribe()
    }

    /// Registers this device as ``registerDevice(_:)`` does and publishes the outcome: the
    /// success with the device id, or the failure (then rethrown).
    func registerDeviceAndPublish(_ info: AuthInfo) async throws {
        do {
            let deviceID = try await registerDevice(info)
            registrations.publish(.registered(deviceID: deviceID, userID: info.userID, account: info.account))
        } catch {
            registrations.publish(.failed(userID: info.userID, account: info.account, reason: readable(error, doing: "register this device")))
            throw error
        }
    }
}
