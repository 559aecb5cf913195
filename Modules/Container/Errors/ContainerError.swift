public import StrataCrossCutting

/// The one error type of `StrataContainer` (a ``StrataError``): a code to match on and a
/// message for people.
///
/// Every message names where the problem is (the configuration file and key, the service or
/// micro-app name) and what was expected, so a host can print it as it is.
public struct ContainerError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A configuration file could not be read or parsed, or a key holds the wrong kind of value.
        public static let malformedConfiguration = Code(name: "malformedConfiguration")
        /// A delegate or service type named in the configuration is not in the registry.
        public static let unknownType = Code(name: "unknownType")
        /// Two micro-apps, two services or two registered types share one name.
        public static let duplicateName = Code(name: "duplicateName")
        /// The configuration names no Launcher micro-app, or the one it names is not declared.
        public static let missingLauncher = Code(name: "missingLauncher")
        /// A dependency, a services-map group member or an `[AUTOSTART]` entry names nothing declared.
        public static let unknownReference = Code(name: "unknownReference")
        /// Services depend on each other in a circle; the message names the whole path.
        public static let dependencyCycle = Code(name: "dependencyCycle")
        /// A service's `start` threw; the message names the service and the error.
        public static let serviceStartFailed = Code(name: "serviceStartFailed")
        /// No micro-app of that name is declared.
        public static let unknownApplication = Code(name: "unknownApplication")
        /// No service of that name is declared or registered.
        public static let unknownService = Code(name: "unknownService")
        /// A second instance of a micro-app that does not allow multiple instances was asked for.
        public static let multipleInstancesNotAllowed = Code(name: "multipleInstancesNotAllowed")
        /// A micro-app's `shouldTerminate` said no.
        public static let terminationVetoed = Code(name: "terminationVetoed")
        /// The container is not running (it never booted, or it has shut down).
        public static let notRunning = Code(name: "notRunning")
        /// A service was found but is not of the type the caller asked for.
        public static let wrongServiceType = Code(name: "wrongServiceType")
        /// A micro-app's launch params (a URL's query) hold a key its route does not accept.
        public static let unknownParameter = Code(name: "unknownParameter")
        /// Registering this device for push messages failed (the did-fail hook's error).
        public static let deviceRegistrationFailed = Code(name: "deviceRegistrationFailed")
        /// A route that cannot be undone (a delete) came from outside the app (a link, `strata-host
        /// open`) where no one was asked to confirm it.
        public static let confirmationRequired = Code(name: "confirmationRequired")
        /// A test double was called for something its test did not provide.
        public static let unimplemented = Code(name: "unimplemented")

        /// The code's name, e.g. `dependencyCycle`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// A readable sentence naming what was wrong, where, and what was expected.
    public let message: String

    /// Creates an error with a code and a readable message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
