/// strata-notifyd's full check of the store, in the background on a schedule, so that no
/// command pays for reading every page on its start (issue 29).
///
/// The composition root passes the data layer's check (`DataLayerFactory.checkIfDue`), which
/// reads every page only when the time the store recorded for the last full check is older
/// than its period (a day), and records the new time; every process shares that time, so the
/// check runs about once a day whichever daemon (or `strata-host store check`) ran it last.
public struct StoreCheckSchedule: Sendable {
    /// How often the daemon asks whether the check is due (an hour by default): the first time
    /// as soon as it runs, after its start.
    public var interval: Duration
    /// Runs the check when it is due. An error whose code is `damaged` (the store is marked
    /// damaged for every process) stops the daemon with that error's line, exit 1, as a start
    /// on a damaged store does; any other failure is logged and tried again after ``interval``.
    public var runIfDue: @Sendable () async throws -> Void

    /// A schedule asking every `interval` whether `runIfDue` has work.
    public init(interval: Duration = .seconds(3600), runIfDue: @escaping @Sendable () async throws -> Void) {
        self.interval = interval
        self.runIfDue = runIfDue
    }
}
