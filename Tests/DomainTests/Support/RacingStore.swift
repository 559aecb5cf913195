import StrataDataTesting
import StrataDomain
import StrataStore
import Synchronization

/// A store over a real one (a StrataDataTesting double or the SQLite store) that plays
/// "another process": just before the first `NotificationRecord` is saved, it saves a rival
/// record with the same notification id, as a second `strata-notifyd` would between the
/// domain's look-up and its save. Every other call goes straight through.
final class RacingStore: ForwardingStore {
    let base: any ValueObjectStore
    private let raced = Mutex(false)

    init(over base: any ValueObjectStore) {
        self.base = base
    }

    /// The title the rival record is stored with.
    static let rivalTitle = "stored by the other process"

    func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        let isFirstRecord = object is NotificationRecord && raced.withLock { raced in
            defer { raced = true }
            return !raced
        }
        if isFirstRecord, var rival = object as? NotificationRecord {
            rival.title = Self.rivalTitle
            _ = try await base.save(rival)
        }
        return try await base.save(object)
    }
}
