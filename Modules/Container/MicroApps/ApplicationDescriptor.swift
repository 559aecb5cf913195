/// One micro-app as declared in a configuration file (or in code): the seed's plist entry.
public struct ApplicationDescriptor: Sendable, Hashable, Codable {
    /// The name the Context starts it by (e.g. `Launcher`, `Reports`); unique in the container.
    public var name: String
    /// A sentence for people (the Launcher lists it).
    public var description: String
    /// The registered delegate type that makes its ``MicroApplicationDelegate``.
    public var delegateType: String
    /// Whether more than one instance may be on the stack at once (the seed's multiple instances).
    public var allowsMultipleInstances: Bool
    /// Where it was declared, e.g. `apps.plist: Applications[2]`, for error messages.
    public var origin: String

    /// Declares a micro-app.
    public init(
        name: String, description: String = "", delegateType: String, allowsMultipleInstances: Bool = false,
        origin: String = "in code"
    ) {
        self.name = name
        self.description = description
        self.delegateType = delegateType
        self.allowsMultipleInstances = allowsMultipleInstances
        self.origin = origin
    }
}

/// The services map: named groups of services, and the groups started at boot (`[AUTOSTART]`).
///
/// BootLoader stage 5 starts every service of every group listed under `[AUTOSTART]`, in list
/// order, lazy or not: the seed's staged start that keeps boot fast.
public struct ServicesMap: Sendable, Hashable, Codable {
    /// The key of the autostart list in configuration files.
    public static let autostartKey = "[AUTOSTART]"

    /// Group name → service names, in start order.
    public var groups: [String: [String]]
    /// Group names started at boot, in order.
    public var autostart: [String]
    /// Where it was declared, for error messages.
    public var origin: String

    /// Creates a services map.
    public init(groups: [String: [String]] = [:], autostart: [String] = [], origin: String = "in code") {
        self.groups = groups
        self.autostart = autostart
        self.origin = origin
    }
}
