import StrataData
import StrataDomain
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
import Synchronization

/// A data layer over a real one (a StrataDataTesting double or the SQLite store) that plays
/// "another process": just before the first `NotificationRecord` is saved, it saves a rival
/// record with the same notification id, as a second `strata-notifyd` would between the
/// domain's look-up and its save. Every other call goes straight through.
final class RacingDataLayer: DataLayer, ValueObjectStore {
    private let inner: any DataLayer
    private let raced = Mutex(false)

    init(over inner: any DataLayer) {
        self.inner = inner
    }

    var store: any ValueObjectStore { self }
    var isWritable: Bool { inner.isWritable }
    var location: String { inner.location }
    var journal: any ChangeJournal { inner.journal }
    var diagnostics: any DiagnosticLog { inner.diagnostics }
    var session: any SessionStore { inner.session }
    var syncState: any SyncStateStore { inner.syncState }
    var conflicts: any SyncConflictStore { inner.conflicts }
    var notices: any ChangeNotices { inner.notices }

    /// The title the rival record is stored with.
    static let rivalTitle = "stored by the other process"

    func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        let isFirstRecord = object is NotificationRecord && raced.withLock { raced in
            defer { raced = true }
            return !raced
        }
        if isFirstRecord, var rival = object as? NotificationRecord {
            rival.title = Self.rivalTitle
            _ = try await inner.store.save(rival)
        }
        return try await inner.store.save(object)
    }

    func register<Object: ValueObject>(_ type: Object.Type) async throws { try await inner.store.register(type) }
    func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] { try await inner.store.save(objects) }
    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? { try await inner.store.fetch(type, id: id) }
    func delete<Object: ValueObject>(_ object: Object) async throws -> Bool { try await inner.store.delete(object) }
    func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int { try await inner.store.delete(objects) }
    func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int { try await inner.store.deleteAll(type) }
    func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] { try await inner.store.query(query) }
    func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int { try await inner.store.count(query) }
}
