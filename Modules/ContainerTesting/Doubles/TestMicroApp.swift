public import StrataContainer

/// A micro-app double: records every lifecycle callback as `<app>#<id>.<callback>` and vetoes
/// termination when the ``TestBehaviour`` says so. Its root screen is a ``TestScreen``.
public struct TestMicroApp: MicroApplicationDelegate {
    /// The type name ``ContainerDoubles`` registers it under.
    public static let typeName = "TestMicroApp"

    private let recorder: CallbackRecorder
    private let behaviour: TestBehaviour

    /// Creates a double that records into `recorder`.
    public init(recorder: CallbackRecorder, behaviour: TestBehaviour) {
        self.recorder = recorder
        self.behaviour = behaviour
    }

    /// Records `rootScreen` and returns a ``TestScreen``.
    public func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        recorder.record("\(application).rootScreen")
        return TestScreen(owner: application, title: "root", recorder: recorder)
    }

    /// Records `didCreate`.
    public func applicationDidCreate(_ application: MicroApplication, context: any ContainerContext) async {
        recorder.record("\(application).didCreate")
    }

    /// Records `willStartLaunching(options)`.
    public func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        recorder.record("\(application).willStartLaunching\(CallbackRecorder.format(options))")
    }

    /// Records `didFinishLaunching`.
    public func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        recorder.record("\(application).didFinishLaunching")
    }

    /// Records `willPause`.
    public func applicationWillPause(_ application: MicroApplication, context: any ContainerContext) async {
        recorder.record("\(application).willPause")
    }

    /// Records `willResume(options)`.
    public func application(
        _ application: MicroApplication, willResumeWith options: [String: String], context: any ContainerContext
    ) async {
        recorder.record("\(application).willResume\(CallbackRecorder.format(options))")
    }

    /// Records `didResume(options)`.
    public func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        recorder.record("\(application).didResume\(CallbackRecorder.format(options))")
    }

    /// Records `willTerminate(animated)` or `willTerminate(notAnimated)`.
    public func application(
        _ application: MicroApplication, willTerminateAnimated animated: Bool, context: any ContainerContext
    ) async {
        recorder.record("\(application).willTerminate(\(animated ? "animated" : "notAnimated"))")
    }

    /// Records `shouldTerminate` and answers no for an app the behaviour lists as vetoing.
    public func applicationShouldTerminate(_ application: MicroApplication, context: any ContainerContext) async
        -> Bool
    {
        let allowed = !behaviour.vetoingApplications.contains(application.name)
        recorder.record("\(application).shouldTerminate\(allowed ? "" : "(veto)")")
        return allowed
    }
}

/// A screen double: renders its owner and title, records each input as `<app>#<id>.input(<line>)`.
///
/// Understands `back`, `exit`, `quit`, `open <app>` (bring to top), `push <title>` and answers
/// anything else with a message.
public struct TestScreen: TextScreen {
    /// The instance that owns it.
    public let owner: MicroApplication
    /// Its title (`root` for a root screen).
    public let title: String
    private let recorder: CallbackRecorder

    /// Creates a screen of `owner` titled `title`.
    public init(owner: MicroApplication, title: String, recorder: CallbackRecorder) {
        self.owner = owner
        self.title = title
        self.recorder = recorder
    }

    /// `<app>#<id> <title>` and a line saying what can be typed.
    public func render() async -> [String] {
        ["\(owner) \(title)", "type: back, exit, quit, open <app>, push <title>"]
    }

    /// Records the input and acts on it.
    public func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        recorder.record("\(owner).input(\(input))")
        let words = input.split(separator: " ").map(String.init)
        switch words.first {
        case "back": return .back
        case "exit": return .exitApplication
        case "quit": return .quit
        case "open" where words.count == 2:
            do {
                try await context.startApplication(words[1])
                return .stay
            } catch {
                return .message("\(error)")
            }
        case "push" where words.count == 2:
            await context.push(TestScreen(owner: owner, title: words[1], recorder: recorder), for: owner)
            return .stay
        default:
            return .message("unknown input \"\(input)\"")
        }
    }
}
