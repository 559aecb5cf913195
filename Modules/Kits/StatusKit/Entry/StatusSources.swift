public import StrataDomain
public import StrataJournal

/// What `strata-status`'s composition root hands the kit: the read-only domain (or `nil` when
/// there is no store yet) and the sync facts (or `nil` to leave them out).
public struct StatusSources: Sendable {
    /// The domain over the store opened read-only, or `nil` when there is no store.
    public var domain: (any DomainServices)?
    /// The sync facts the store keeps (`SyncStatus`, StrataJournal); `nil` prints no sync section.
    public var sync: SyncStatus?

    /// Sources with the given parts.
    public init(domain: (any DomainServices)?, sync: SyncStatus?) {
        self.domain = domain
        self.sync = sync
    }
}
