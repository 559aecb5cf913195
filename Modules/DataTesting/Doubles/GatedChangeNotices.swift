import StrataJournal

/// The change notices of a double: the real store's notices (its watcher polls the file),
/// unless the test did not allow `.notices` or made it fail.
struct GatedChangeNotices: ChangeNotices {
    let base: any ChangeNotices
    let gate: CallGate

    /// The real stream; this member cannot throw, so when `.notices` is not allowed (or is
    /// given a failure) the stream ends at once, yielding nothing.
    func changes(of typeNames: Set<String>) async -> AsyncStream<StoreChange> {
        guard gate.allows(.notices) else {
            let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
            continuation.finish()
            return stream
        }
        return await base.changes(of: typeNames)
    }
}
