import Synchronization

/// Records every callback the doubles receive, in order, as short strings: the exact order a
/// test asserts.
///
/// Entry formats: `hook.<name>` (app hooks), `listener.<broadcast>`, `service.<name>.<callback>`,
/// `<app>#<id>.<callback>` (micro-apps, options as `(k=v,…)` sorted by key), `process.stop`.
public final class CallbackRecorder: Sendable {
    private let log = Mutex<[String]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Appends one entry.
    public func record(_ entry: String) {
        log.withLock { $0.append(entry) }
    }

    /// Every entry so far, in order.
    public var entries: [String] { log.withLock { $0 } }

    /// The entries that start with `prefix`, in order (e.g. `service.` or `Reports#`).
    public func entries(startingWith prefix: String) -> [String] {
        entries.filter { $0.hasPrefix(prefix) }
    }

    /// Forgets every entry (e.g. after the boot, to look only at what an event did).
    public func clear() {
        log.withLock { $0.removeAll() }
    }

    /// Formats options the way entries show them: `(a=1,b=2)`, or an empty string for none.
    public static func format(_ options: [String: String]) -> String {
        guard !options.isEmpty else { return "" }
        return "(" + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + ")"
    }
}

/// The shared switches of the doubles: which services fail or hang, which micro-apps veto.
///
/// Change them at any time; the doubles read them when called.
public final class TestBehaviour: Sendable {
    private struct State {
        var failingServices: Set<String> = []
        var hangingServices: Set<String> = []
        var vetoingApplications: Set<String> = []
    }

    private let state = Mutex(State())

    /// Creates a behaviour with nothing failing, hanging or vetoing.
    public init() {}

    /// Services (by name) whose `start` throws.
    public var failingServices: Set<String> {
        get { state.withLock { $0.failingServices } }
        set { state.withLock { $0.failingServices = newValue } }
    }

    /// Services (by name) whose `willDestroy` never returns (until cancelled): for deadline tests.
    public var hangingServices: Set<String> {
        get { state.withLock { $0.hangingServices } }
        set { state.withLock { $0.hangingServices = newValue } }
    }

    /// Micro-apps (by name) whose `shouldTerminate` says no.
    public var vetoingApplications: Set<String> {
        get { state.withLock { $0.vetoingApplications } }
        set { state.withLock { $0.vetoingApplications = newValue } }
    }
}
