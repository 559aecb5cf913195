/// A service that tells the container what the status line of a full-screen terminal says.
///
/// The host registers one under ``StatusLine/serviceName`` (strata-host's answers from the
/// session: the signed-in user, the pending and rejected changes, the last sync error). On a
/// full-screen terminal the container asks ``currentStatus()`` at each redraw and redraws the
/// screen on top each time ``changes()`` yields (after a sync, a save, a sign-in, a warning);
/// on a plain terminal it never asks.
///
/// ```swift
/// await context.registerService(MyStatus(), name: StatusLine.serviceName)
/// ```
public protocol StatusLineSource: StrataService {
    /// The status now. Reads no network: it is asked at every redraw.
    func currentStatus() async -> StatusLine
    /// Yields whenever the status changed; ends when the service is destroyed.
    ///
    /// - Important: Called once per run, by the container.
    func changes() -> AsyncStream<Void>
}
