/// A device registration for push messages, as the engine reported it.
public enum DeviceRegistrationEvent: Sendable, Hashable {
    /// The server registered this device: `deviceToken` is what it knows the device by.
    case registered(deviceToken: String, account: String)
    /// Registering this device for `account` failed, for `reason`.
    case failed(account: String, reason: String)
}
