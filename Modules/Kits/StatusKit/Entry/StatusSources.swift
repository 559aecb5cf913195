public import StrataDomain
public import StrataPresentation

/// What `strata-status`'s composition root hands the kit: the read-only domain (or `nil` when
/// there is no store yet) and the sync facts (or `nil` to leave them out).
public struct StatusSources: Sendable {
    /// The domain over the store opened read-only, or `nil` when there is no store.
    public var domain: (any DomainServices)?
    /// The sync facts; `nil` prints no sync section.
    public var sync: StatusSync?

    /// Sources with the given parts.
    public init(domain: (any DomainServices)?, sync: StatusSync?) {
        self.domain = domain
        self.sync = sync
    }
}
