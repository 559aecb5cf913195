/// A container service's name together with the type its users know it as: the one place a
/// service's name is written.
///
/// The key is a plain value in the bottom layer, so the module that declares a service's
/// protocol declares its key beside it (``clock`` here, `domain` and `announcements` in
/// StrataDomain, `session` in StrataSync), and a micro-app asks for the service by key,
/// with no string and no cast in its code:
///
/// ```swift
/// let clock: any StrataClock = try await context.service(.clock)
/// ```
///
/// A host's configuration still names the service (`Services[].name`): the key's ``name``.
public struct ServiceKey<Service: Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The service's name in the container (`Services[].name` of a configuration).
    public let name: String

    /// The key of the service called `name`, used as a `Service`.
    public init(_ name: String) {
        self.name = name
    }

    /// The service's name.
    public var description: String { name }
}

extension ServiceKey where Service == any StrataClock {
    /// The clock (`clock`, an ``StrataClock``): what "now" and "today" are.
    public static var clock: ServiceKey<any StrataClock> { ServiceKey("clock") }
}
