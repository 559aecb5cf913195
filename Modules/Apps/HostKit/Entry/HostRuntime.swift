public import Logging
public import StrataCrossCutting
public import StrataData
public import StrataDomain

/// What the composition root gives `strata-host` to run a command with.
///
/// Built by the host's `makeDomain` closure from a ``HostLaunch``; tests build one over
/// `DataLayerFactory.inMemory()` and a `FixedClock`.
public struct HostRuntime: Sendable {
    /// The domain's use cases.
    public var domain: any DomainServices
    /// "Now" and the calendar that decides day boundaries (also used to read `--date`).
    public var clock: any StrataClock
    /// The data layer's cross-process change notices (`data.notices`): the watchers subscribe
    /// to them to see what strata-notifyd records while the host runs.
    public var notices: any ChangeNotices
    /// The logger, at the level the launch asked for.
    public var logger: Logger
    /// Where the data lives (the container directory or `in-memory`), shown in the overview.
    public var location: String

    /// A runtime with the given parts.
    public init(
        domain: any DomainServices, clock: any StrataClock, notices: any ChangeNotices, logger: Logger, location: String
    ) {
        self.domain = domain
        self.clock = clock
        self.notices = notices
        self.logger = logger
        self.location = location
    }
}
