public import StrataContainer
public import StrataCrossCutting

/// A service double: records `service.<name>.didCreate`, `.start`, `.willDestroy`; fails or
/// hangs when the ``TestBehaviour`` says so.
public struct TestService: StrataService {
    /// The type name ``ContainerDoubles`` registers it under.
    public static let typeName = "TestService"

    /// The name it was created for.
    public let name: String
    private let recorder: CallbackRecorder
    private let behaviour: TestBehaviour

    /// Creates a double for the service `name`.
    public init(name: String, recorder: CallbackRecorder, behaviour: TestBehaviour) {
        self.name = name
        self.recorder = recorder
        self.behaviour = behaviour
    }

    /// Records `didCreate`.
    public func didCreate(context: any ContainerContext) async {
        recorder.record("service.\(name).didCreate")
    }

    /// Records `start`; throws ``TestServiceFailure`` when the behaviour lists it as failing.
    public func start(context: any ContainerContext) async throws {
        recorder.record("service.\(name).start")
        if behaviour.failingServices.contains(name) { throw TestServiceFailure(service: name) }
    }

    /// Records `willDestroy`; never returns (until cancelled) when the behaviour lists it as hanging.
    public func willDestroy() async {
        recorder.record("service.\(name).willDestroy")
        if behaviour.hangingServices.contains(name) {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
        }
    }
}

/// The error a failing ``TestService`` throws: StrataContainerTesting's one error type.
public struct TestServiceFailure: StrataError {
    /// The service that failed.
    public let service: String

    /// Always `refusedToStart`.
    public var code: String { "refusedToStart" }

    /// "<service> refused to start (test)".
    public var message: String { "\(service) refused to start (test)" }
}

/// A listener double: records `listener.<broadcast>` for every broadcast it receives.
public struct RecordingListener: ContainerListener {
    private let recorder: CallbackRecorder

    /// Creates a listener that records into `recorder`.
    public init(recorder: CallbackRecorder) {
        self.recorder = recorder
    }

    /// Records the broadcast's short name (and its payload's identifier, if any).
    public func receive(_ broadcast: Broadcast) async {
        recorder.record("listener.\(Self.name(of: broadcast))")
    }

    /// The short name of a broadcast: `memoryWarning`, `remoteNotification(n1)`, …
    public static func name(of broadcast: Broadcast) -> String {
        switch broadcast {
        case .didFinishLaunching: "didFinishLaunching"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .willTerminate(let reason): "willTerminate(\(reason.rawValue))"
        case .memoryWarning: "memoryWarning"
        case .reload: "reload"
        case .remoteNotification(let payload): "remoteNotification(\(payload.identifier))"
        case .localNotification(let payload): "localNotification(\(payload.identifier))"
        case .registeredForRemoteNotifications(let token): "registeredForRemoteNotifications(\(token.count) bytes)"
        case .session(.signedIn(_, let account)): "signedIn(\(account))"
        case .session(.signedOut(_, let account)): "signedOut(\(account))"
        }
    }
}
