public import StrataData

extension DataLayerFactory {
    /// An in-memory data layer for tests: no file, same rules as the SQLite store.
    ///
    /// The double behaves like the live store: a type must be registered before use (else
    /// `DataError` `notRegistered`), schemas and queries are validated the same way, inserts
    /// get fresh unique ids, updating a missing id is `notFound`, unique keys reject a second
    /// value (`duplicate`), a list is saved all or nothing, and queries filter, sort (ties
    /// broken by `objectId`) and page with SQLite's comparison rules. The state lives as long
    /// as the returned layer and is safe to use from several threads at once.
    ///
    /// **An unexpected call fails loudly.** When `allowing` is given, every operation not in
    /// the set throws `DataError` `unexpectedCall` before touching any state, with a message
    /// such as `StrataDataTesting: unexpected call to save(CaseReport); this double allows
    /// only: query, count`. Use it to prove a use case never writes, or only counts:
    ///
    /// ```swift
    /// let data = DataLayerFactory.inMemory(allowing: [.register, .count])
    /// let domain = try DomainFactory.make(data: data, clock: FixedClock(now))
    /// _ = try domain.status.summary()          // fine: only counts
    /// _ = try domain.reports.add(draft)        // throws: unexpected call to save(CaseReport)
    /// ```
    ///
    /// - Parameters:
    ///   - readOnly: when `true`, the layer reports `isWritable == false`, registering only
    ///     checks the schema, every type reads as empty and every write throws `readOnly`
    ///     (what `DataLayerFactory.readOnly(container:logger:)` gives on a fresh store).
    ///   - allowing: the operations a test expects; `nil` (the default) allows all of them.
    /// - Important: the allowed set is checked on every call, `register` included: a use case
    ///   factory that registers its types needs `.register` in the set.
    public static func inMemory(readOnly: Bool = false, allowing: Set<DataOperation>? = nil) -> any DataLayer {
        InMemoryDataLayer(store: InMemoryStore(readOnly: readOnly, allowing: allowing), isWritable: !readOnly)
    }
}
