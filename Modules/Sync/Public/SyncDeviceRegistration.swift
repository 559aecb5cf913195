/// What happened when the engine registered this device for push messages with the server
/// (``SyncEngine/deviceRegistrations()``): after a login, and from the background loop and
/// the push channel until a registration succeeds.
///
/// These are the seed's `deviceRegistration(_:onCompletion:onError:)` outcomes; a host turns
/// them into its container's did-register / did-fail hooks.
public enum SyncDeviceRegistration: Sendable, Hashable {
    /// The server registered `deviceID` for the user `account` (id `userID`).
    case registered(deviceID: String, userID: String, account: String)
    /// Registering this device for `account` failed; `reason` says why (the engine retries).
    case failed(userID: String, account: String, reason: String)
}
