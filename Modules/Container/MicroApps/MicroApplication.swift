/// One running instance of a micro-app: what the seed's `DTMicroApplication` object identifies.
///
/// A value: the container owns the instance and its delegate; this names it. Pass it back to
/// the ``ContainerContext`` (exit, push a screen). Two instances of a micro-app that allows
/// multiple instances differ by ``instanceID``.
public struct MicroApplication: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The micro-app's name from the configuration (e.g. `Launcher`, `Reports`).
    public let name: String
    /// A number unique within the process, increasing in creation order.
    public let instanceID: Int
    /// The parameters it was started with.
    public let launchParameters: [String: String]

    /// Creates a handle; the container does this when it creates an instance.
    public init(name: String, instanceID: Int, launchParameters: [String: String] = [:]) {
        self.name = name
        self.instanceID = instanceID
        self.launchParameters = launchParameters
    }

    /// The identity: the instance number.
    public var id: Int { instanceID }

    /// `name#instanceID`, e.g. `Reports#3`.
    public var description: String { "\(name)#\(instanceID)" }
}

/// How ``ContainerContext/startApplication(_:params:launchMode:)`` places a micro-app on the stack.
///
/// The seed's `DTMicroApplicationLaunchMode`; all three keep the rule that an app that does not
/// allow multiple instances has at most one on the stack.
public enum LaunchMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Create a new instance on top. For an app that does not allow multiple instances and
    /// already has one, this is an error (`multipleInstancesNotAllowed`).
    case pushNew
    /// Bring the newest existing instance to the top (it gets will-resume / did-resume with the
    /// params; the app it covers gets will-pause); create one on top when none exists.
    case bringToTop
    /// Exit the top instance (asking `shouldTerminate` first — a veto fails the start), then
    /// create a new instance in its place; the app below gets no callbacks.
    ///
    /// - Important: The Launcher at the bottom of the stack is never replaced: with only the
    ///   Launcher on the stack this acts as ``pushNew``.
    case replaceTop
}
