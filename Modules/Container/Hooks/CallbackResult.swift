/// What an app hook tells the framework to do next: the seed's `DTFrameworkCallbackResult`.
///
/// The framework calls a hook *before* doing its own work for an event. The hook's answer decides
/// whether that work happens:
///
/// | result | seed | meaning |
/// |---|---|---|
/// | ``continue`` | `DTFrameworkCallbackResultContinue` | the framework goes on: it broadcasts the event to registered listeners and does its own follow-up (for open URL: route it through the scheme handlers) |
/// | ``return`` | `DTFrameworkCallbackResultReturn` | the app has fully handled the event; the framework stops: no broadcast, no follow-up |
/// | ``returnYes`` | `DTFrameworkCallbackResultReturnYES` | stop, and answer "yes" to the caller (only meaningful for launch and open URL) |
/// | ``returnNo`` | `DTFrameworkCallbackResultReturnNO` | stop, and answer "no" to the caller (only meaningful for launch and open URL) |
///
/// - Important: For events that have no yes/no answer (become active, memory warning, …),
///   ``returnYes`` and ``returnNo`` act like ``return``. What the operating system does anyway
///   — stopping the process on SIGTSTP, ending it after will-terminate — happens whatever the
///   hook returns, just as iOS backgrounds an app whatever its delegate says.
public enum CallbackResult: String, Sendable, Hashable, Codable, CaseIterable {
    /// Go on: broadcast to listeners and run the framework's own follow-up.
    case `continue`
    /// Stop: the app handled the event completely.
    case `return`
    /// Stop and answer yes (launch: ended successfully; open URL: handled).
    case returnYes
    /// Stop and answer no (launch: ended with failure; open URL: not handled).
    case returnNo

    /// Whether the framework goes on after the hook.
    public var continues: Bool { self == .continue }

    /// The yes/no answer a stopping result carries: `true` for ``returnYes`` and ``return``,
    /// `false` for ``returnNo``, `nil` for ``continue``.
    public var answer: Bool? {
        switch self {
        case .continue: nil
        case .return, .returnYes: true
        case .returnNo: false
        }
    }
}
