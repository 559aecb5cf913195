public import StrataData
public import StrataJournal
public import StrataSession
public import StrataStore

extension DataLayer {
    /// This layer with some of its parts replaced: each part given answers in its place, and
    /// every other part is this layer's own. For a test that intercepts one part over a real
    /// layer (a store whose look-ups fail, a sync state that records the pages it writes,
    /// conflicts that cannot be read) without writing a wrapper that forwards the rest.
    ///
    /// ```swift
    /// let live = await DataLayerFactory.inMemory()
    /// let data = live.replacing(syncState: RecordingSyncState(over: live.syncState))
    /// ```
    ///
    /// A decorator, not a double: the layer it starts from is still made by a factory.
    public func replacing(
        store: (any ValueObjectStore)? = nil, journal: (any ChangeJournal)? = nil, session: (any SessionStore)? = nil,
        syncState: (any SyncStateStore)? = nil, conflicts: (any SyncConflictStore)? = nil
    ) -> any DataLayer {
        DataLayerParts(
            store: store ?? self.store, journal: journal ?? self.journal, diagnostics: diagnostics,
            session: session ?? self.session, notices: notices, syncState: syncState ?? self.syncState,
            conflicts: conflicts ?? self.conflicts, isWritable: isWritable, location: location)
    }
}
