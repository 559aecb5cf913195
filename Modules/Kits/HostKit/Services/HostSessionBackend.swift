public import StrataContainer
public import StrataJournal
public import StrataSession
public import StrataSync

/// The one public way to obtain `strata-host`'s ``SessionBackend``: the composition root
/// picks it over the sync engine and the session store it composed.
public enum HostSessionBackend {
    /// The session of `sync` (login, logout, status, sync now, device registrations) and
    /// `session` (who is signed in), and the conflicts sync found (`conflicts`, the data
    /// layer's); `nil` parts make it offline (no conflicts listed).
    public static func sync(
        _ sync: (any SyncEngine)?, session: (any SessionStore)?, conflicts: (any SyncConflictStore)? = nil
    ) -> any SessionBackend {
        SyncSessionBackend(sync: sync, session: session, conflicts: conflicts)
    }
}
