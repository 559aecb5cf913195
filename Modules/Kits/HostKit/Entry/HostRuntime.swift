public import Logging
public import StrataCrossCutting
public import StrataDomain
public import StrataJournal
public import StrataSession
public import StrataSync

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
    /// The sync engine (`StrataSync`, composed on the data layer by the composition root) for
    /// `account` and `sync`; `nil` means none was composed, which those commands treat as offline.
    public var sync: (any SyncEngine)?
    /// The data layer's session store (`data.session`): who `account status` says is signed in,
    /// and, with ``sync`` and ``conflicts``, what the container's `session` service stands on.
    public var session: (any SessionStore)?
    /// Where usage events and failures are reported (`UsageMonitorFactory.live` over the same
    /// data layer); silent by default.
    public var usage: any UsageMonitor
    /// Ward announcements, read on demand from the server (`DomainFactory.announcements` over
    /// `SyncFactory.remote`); `nil`: none was composed, which `announcements` treats as offline.
    public var announcements: (any AnnouncementService)?
    /// The data layer's conflicts (`data.conflicts`): what `sync conflicts` lists and settles;
    /// `nil`: none was composed, so none are listed.
    public var conflicts: (any SyncConflictStore)?

    /// A runtime with the given parts.
    ///
    /// - Important: pass the same data layer's `sync` and `session` the domain was built on;
    ///   without them `account login` and `sync` fail as offline.
    public init(
        domain: any DomainServices, clock: any StrataClock, notices: any ChangeNotices, logger: Logger, location: String,
        sync: (any SyncEngine)? = nil, session: (any SessionStore)? = nil,
        usage: any UsageMonitor = SilentUsageMonitor(), announcements: (any AnnouncementService)? = nil,
        conflicts: (any SyncConflictStore)? = nil
    ) {
        self.conflicts = conflicts
        self.domain = domain
        self.clock = clock
        self.notices = notices
        self.logger = logger
        self.location = location
        self.sync = sync
        self.session = session
        self.usage = usage
        self.announcements = announcements
    }
}
